// The shell in a real browser: the guard, login (RSA password), titles, the palette by keyboard, limited roles,
// a session ended on the server, and one toast for a business error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { api, launch, loginAs, newPage, palette } from './browser'

let browser: Browser
beforeAll(async () => { browser = await launch() })
afterAll(async () => { await browser?.close() })

describe('guard', () => {
  it('sends a visitor without a token to login with the redirect, then back after logging in', async () => {
    const { context, page } = await newPage(browser)
    await page.goto('/layout/admin/log?action=C')
    await page.waitForURL(/\/login\?redirect=/)
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect')!)).toBe('/layout/admin/log?action=C')
    expect(await page.title()).toBe('登录 - 后台管理系统')
    await page.getByTestId('login-username').fill('admin')
    await page.getByTestId('login-password').fill((await import('./password')).E2E_PASSWORD)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/layout\/admin\/log\?action=C$/)
    expect(await page.title()).toBe('操作日志 - 后台管理系统')
    await context.close()
  })

  it('redirects / to /login and shows 404 for an unknown path', async () => {
    const { context, page } = await newPage(browser)
    await page.goto('/')
    await page.waitForURL(/\/login$/)
    await loginAs(page)
    await page.goto('/layout/nothing/here')
    await page.getByTestId('not-found').waitFor()
    await page.goto('/totally-unknown')
    await page.getByTestId('not-found').waitFor()
    await context.close()
  })

  it('sends a limited role to /403 outside its menus, including an edit path, and shows only its menus', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page, 'kefu')
    await page.goto('/layout/admin/admins')
    await page.getByTestId('forbidden').waitFor()
    expect(page.url()).toMatch(/\/403$/)
    await page.goto('/layout/admin/admins/edit?id=1')
    await page.getByTestId('forbidden').waitFor()
    await page.goto('/layout/home')
    const sidebar = await page.getByTestId('sidebar').innerText()
    expect(sidebar).not.toContain('管理员列表')
    expect(sidebar).not.toContain('操作日志')
    const ids: string[] = await page.evaluate(() => window.__console!.commands().map((c: { id: string }) => c.id))
    expect(ids).not.toContain('admin.adminList')
    expect(ids).toContain('admin.logout')
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').fill('glylb')
    await expect.poll(() => page.locator('[data-command-id="admin.adminList"]').count()).toBe(0)
    await context.close()
  })
})

describe('palette', () => {
  it('opens with Ctrl+K, finds screens by pinyin initials and full pinyin, and runs them', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page)
    await palette(page, 'glylb', 'admin.adminList')
    await page.waitForURL(/\/layout\/admin\/admins/)
    expect(await page.title()).toBe('管理员列表 - 后台管理系统')
    await palette(page, 'czrz', 'admin.operationLog')
    await page.waitForURL(/\/layout\/admin\/log/)
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').fill('guanliyuan')
    await page.locator('[data-command-id="admin.adminList"]').waitFor()
    await page.keyboard.press('Escape')
    await context.close()
  })

  it('opens from inside an input and asks for arguments (switch product)', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page)
    expect(await page.getByTestId('current-product').getAttribute('data-product')).toBe('alpha')
    await page.goto('/layout/admin/admins')
    await page.locator('input').first().focus()
    await palette(page, 'qhcp', 'product.switchProduct')
    await page.getByTestId('palette-arg').waitFor()
    await page.getByTestId('palette-input').fill('银河')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('current-product').getAttribute('data-product')).toBe('beta')
    await context.close()
  })
})

describe('session', () => {
  it('sends the user to login with the redirect when the server ends the session, and back after logging in', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page, 'yunying')
    await page.goto('/layout/home')
    // End every session of yunying from another admin's session (disable and re-enable).
    const adminToken = (await api('/api/login', undefined, await loginBody('admin'))).data.token
    const list = await api(`/api/sysadmin/index?username=yunying`, adminToken)
    const y = list.data.items[0]
    await api('/api/sysadmin/edit', adminToken, { id: y.id, username: y.username, nickname: y.nickname, role_ids: y.role_ids, status: 0 })
    await api('/api/sysadmin/edit', adminToken, { id: y.id, username: y.username, nickname: y.nickname, role_ids: y.role_ids, status: 1 })
    await page.goto('/layout/home')
    await page.reload()
    await page.waitForURL(/\/login\?redirect=/)
    await expect.poll(() => page.getByTestId('toast').count()).toBeLessThanOrEqual(1)
    await page.getByTestId('login-username').fill('yunying')
    await page.getByTestId('login-password').fill((await import('./password')).E2E_PASSWORD)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/layout\/home$/)
    await context.close()
  })

  it('shows one toast with the server message for a business error', async () => {
    const { context, page } = await newPage(browser)
    await page.goto('/login')
    await page.getByTestId('login-username').fill('admin')
    await page.getByTestId('login-password').fill('wrong-password')
    await page.keyboard.press('Enter')
    await page.getByTestId('toast').waitFor()
    const second = page.waitForResponse((r) => r.url().endsWith('/api/login'))
    await page.getByTestId('login-password').press('Enter')
    await second
    expect(await page.getByTestId('toast').count()).toBe(1)
    expect(await page.getByTestId('toast').innerText()).toContain('用户名或密码错误')
    await context.close()
  })
})

/** The login body with an RSA-encrypted password, encrypted in Node like the console does in the browser. */
async function loginBody(username: string) {
  const { encryptForLogin } = await import('../../src/server/auth/rsa')
  const { E2E_PASSWORD } = await import('./password')
  const cfg = await api('/common/configs')
  return { username, password: encryptForLogin(cfg.data.public_key, E2E_PASSWORD) }
}
