// 登录日志 and 在线用户 by keyboard: a failed login shows in the log with its reason; the super admin forces another
// browser's session out (Shift+D, confirmed) and that browser lands on the login page at its next action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { api, launch, loginAs, newPage, palette } from './browser'
import { armedConfirm, filterBy, focusRow, loginBody, rowTexts, toastWith, tokenOf } from './keys'

let browser: Browser
let token: string
beforeAll(async () => {
  browser = await launch()
  token = await tokenOf('admin')
})
afterAll(async () => { await browser?.close() })

describe('登录日志', () => {
  it('opens from the palette and shows a failed attempt with its reason', async () => {
    const failed = await api('/api/login', undefined, await loginBody('caiwu', 'not-the-password'))
    expect(failed.msg).toBe('用户名或密码错误')
    const { context, page } = await newPage(browser)
    await loginAs(page)
    await palette(page, 'dlrz', 'admin.loginLog')
    await page.waitForURL(/\/layout\/admin\/loginlog$/)
    await filterBy(page, 'caiwu')
    const rows = await rowTexts(page)
    expect(rows[0]).toContain('失败')
    expect(rows[0]).toContain('密码错误')
    await context.close()
  })
})

describe('在线用户', () => {
  it('forces a second browser’s session out; that browser lands on the login page by itself', async () => {
    const other = await newPage(browser)
    await loginAs(other.page, 'kefu')
    const sessions = await api('/api/session/index?username=kefu&per_page=100', token)
    const target = (sessions.data.items as { id: number }[]).reduce((a, b) => (a.id > b.id ? a : b))

    const { context, page } = await newPage(browser)
    await loginAs(page)
    await palette(page, 'zaixian', 'admin.online')
    await page.waitForURL(/\/layout\/admin\/online$/)
    // The caller's own session is marked and cannot be forced out.
    await page.getByTestId('row').filter({ hasText: '当前会话' }).first().waitFor()

    await focusRow(page, { id: target.id })
    await page.keyboard.press('Shift+D')
    const confirm = armedConfirm(page)
    await confirm.waitFor()
    expect(await confirm.innerText()).toContain('强制下线 1 个会话')
    expect(await confirm.innerText()).toContain('kefu（客服小李）')
    await page.keyboard.press('Enter')
    await toastWith(page, '强制下线：操作成功')
    await page.locator(`[data-testid="row"][data-row-id="${target.id}"]`).waitFor({ state: 'detached' })

    // The other browser hears of it without acting: its live stream closes with the session and reconnecting is refused
    // (401) → the login page. (Waiting for an action of its own instead raced with that: under load the page had
    // already left for the login page when the test pressed Ctrl+K.)
    await other.page.waitForURL(/\/login/)
    await other.page.getByTestId('login-username').waitFor()
    await other.context.close()
    await context.close()
  })
})
