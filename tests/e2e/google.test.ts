// 谷歌验证 by keyboard only: a fresh admin reads the secret on the screen, switches the authenticator on with a code,
// then the login asks for the code; a valid code logs in, the same code again is refused, a newer one logs in.
// Codes are per 30 s step, accepted for the step before and after, each step once: the test picks codes by step
// and only waits for the clock when the current step is about to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { api, CPU_THROTTLE, launch, loginAs, newPage, palette } from './browser'
import { apiAdmin, poll, tabTo, tokenOf, uniq } from './keys'
import { codeStep, currentCode } from '../../src/server/auth/totp'

let browser: Browser
let token: string
beforeAll(async () => {
  browser = await launch()
  token = await tokenOf('admin')
})
afterAll(async () => { await browser?.close() })

const STEP = 30_000
const stepNow = () => Math.floor(Date.now() / STEP)
const codeFor = (secret: string, step: number) => currentCode(secret, step * STEP + STEP / 2)

/** Waits on the clock (not on the app) until at least `ms` remain in the current step. */
async function roomInStep(ms: number) {
  await expect.poll(() => STEP - (Date.now() % STEP) >= ms, { timeout: STEP + 5_000, interval: 100 }).toBe(true)
}

async function logout(page: Page) {
  await palette(page, '退出登录', 'admin.logout')
  await page.waitForURL(/\/login/)
  await page.getByTestId('login-username').waitFor()
}

/** Username, Tab, password, Enter — then the code when the page asks for it. */
async function typeLogin(page: Page, username: string, code?: string) {
  await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-username')
  await page.keyboard.type(username)
  await page.keyboard.press('Tab')
  await page.keyboard.type((await import('./password')).E2E_PASSWORD)
  await page.keyboard.press('Enter')
  if (code === undefined) return
  await poll(() => page.getByTestId('login-error').textContent()).toBe('请输入谷歌验证码')
  await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-google')
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
}

describe('谷歌验证', () => {
  it('switches on with a code from the screen; login then needs a code, once per code', async () => {
    const kefu = (await api('/api/sysrole/index?name=%E5%AE%A2%E6%9C%8D', token)).data.items[0]
    const username = `kbg_${uniq()}`
    const adminId = await apiAdmin(token, username, [kefu.id])

    const { context, page } = await newPage(browser)
    await loginAs(page, username)
    await palette(page, 'guge', 'admin.googleAuth')
    await page.waitForURL(/\/layout\/admin\/google$/)
    const screen = page.getByTestId('google-auth')
    await screen.waitFor()
    await poll(() => screen.innerText()).toContain('未开启')
    expect(await screen.innerText()).toContain('未绑定')
    expect(await screen.getByRole('img', { name: '绑定二维码' }).locator('svg').count()).toBe(1)
    const secret = (await page.getByTestId('google-secret').innerText()).trim()
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    // The same secret the server holds for this admin.
    expect((await api('/api/google/index', await tokenOf(username))).data.secret).toBe(secret)

    // Switch on with the previous step's code (still accepted), keeping the later steps for the logins.
    // Room for the keys and the call to land inside this step, more when the CPU is throttled.
    await roomInStep(CPU_THROTTLE > 1 ? 20_000 : 8_000)
    const s = stepNow()
    await tabTo(page, '[data-testid="google-switch"] input')
    await page.keyboard.type(codeFor(secret, s - 1))
    await page.keyboard.press('Enter')
    await page.getByTestId('toast').filter({ hasText: '已开启谷歌验证，下次登录需要验证码' }).waitFor()
    await poll(() => screen.innerText()).toContain('已开启')
    expect(await page.getByTestId('google-secret').count()).toBe(0)
    expect(await screen.innerText()).toContain('关闭谷歌验证')

    // The login asks for the code; this step's code logs in.
    await logout(page)
    const code = codeFor(secret, s)
    await typeLogin(page, username, code)
    await page.getByTestId('topbar').waitFor()
    expect(page.url()).toMatch(/\/layout\//)

    // The same code again, still inside its time window: refused.
    await logout(page)
    expect(codeStep(secret, code)).toBe(s)
    await typeLogin(page, username, code)
    await poll(() => page.getByTestId('login-error').textContent()).toBe('谷歌验证码错误')
    expect(page.url()).toMatch(/\/login/)

    // A newer code (the next step's, accepted from step s on) logs in: the refusal was about the replay only.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-google')
    await page.keyboard.press('Control+a')
    await page.keyboard.type(codeFor(secret, s + 1))
    await page.keyboard.press('Enter')
    await page.getByTestId('topbar').waitFor()

    await context.close()
    await api('/api/sysadmin/delete', token, { ids: [adminId] })
  })
})
