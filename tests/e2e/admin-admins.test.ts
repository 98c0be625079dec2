// 管理员列表 by keyboard only: create through the routed form (password RSA-encrypted end to end, the new admin logs in),
// edit from the focused row with `e`, disable through the palette, delete with Shift+D; a duplicate username keeps the form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launch, loginAs, newPage, palette } from './browser'
import { armedConfirm, filterBy, poll, focusRow, rowTexts, tabToText, toastWith, uniq } from './keys'

let browser: Browser
beforeAll(async () => { browser = await launch() })
afterAll(async () => { await browser?.close() })

const PASSWORD = 'Kb-pass-2024!'
const LIST = /\/layout\/admin\/admins(\?|$)/

/** Fills the open create form from its first field by keyboard: username, nickname, password, one role. */
async function fillCreate(page: Page, username: string, nickname: string, role: string) {
  await page.getByTestId('form').waitFor()
  await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('fld-username')
  await page.keyboard.type(username)
  await page.keyboard.press('Tab')
  await page.keyboard.type(nickname)
  await page.keyboard.press('Tab')
  await page.keyboard.type(PASSWORD)
  await page.locator('[data-field="role_ids"] input[type="checkbox"]').first().waitFor()
  await tabToText(page, role)
  await page.keyboard.press('Space')
}

describe('管理员列表', () => {
  it('creates an admin from the palette, who then logs in; edits, disables and deletes it by keyboard', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page)
    const username = `kb_${uniq()}`

    await palette(page, '新增管理员', 'admin.createAdmin')
    await page.waitForURL(/\/layout\/admin\/admins\/create$/)
    expect(await page.title()).toBe('新增管理员 - 后台管理系统')
    await fillCreate(page, username, '键盘新建', '客服')
    await page.keyboard.press('Control+Enter')
    await page.waitForURL(LIST)
    await toastWith(page, '管理员已创建')
    await filterBy(page, username)
    expect(new URL(page.url()).searchParams.get('username')).toBe(username)
    const row = (await rowTexts(page))[0]
    expect(row).toContain('键盘新建')
    expect(row).toContain('客服')
    expect(row).toContain('启用')

    // The password went through RSA in the browser and the server stored what was typed: the new admin logs in.
    const other = await newPage(browser)
    await loginAs(other.page, username, PASSWORD)
    expect(await other.page.getByTestId('user-menu').innerText()).toContain('键盘新建')
    // 客服 holds the member screens and no system screen.
    const sidebar = await other.page.getByTestId('sidebar').innerText()
    expect(sidebar).toContain('会员管理')
    expect(sidebar).not.toContain('系统管理')

    // Edit: the focused row, `e`, the routed edit page; change the nickname, Enter saves and returns to the list.
    await focusRow(page, username)
    await page.keyboard.press('e')
    await page.waitForURL(/\/layout\/admin\/admins\/edit\?id=\d+&back=/)
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('fld-username')
    expect(await page.locator('#fld-username').inputValue()).toBe(username)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('键盘改名')
    await page.keyboard.press('Enter')
    // Back on the list with the filter it was opened from, showing the change.
    await page.waitForURL((u) => u.pathname === '/layout/admin/admins' && u.searchParams.get('username') === username)
    await toastWith(page, '管理员已保存')
    await poll(async () => (await rowTexts(page))[0]).toContain('键盘改名')

    // Disable through the palette's row command: the confirm names the admin, Enter confirms.
    await focusRow(page, username)
    await palette(page, 'jinyong', 'admin.disableAdmin')
    const confirm = armedConfirm(page)
    await confirm.waitFor()
    expect(await confirm.innerText()).toContain(`${username}（键盘改名）`)
    await page.keyboard.press('Enter')
    await poll(async () => (await rowTexts(page))[0]).toContain('禁用')
    // The disabled admin's session ended and a new login is refused.
    await other.page.reload()
    await other.page.waitForURL(/\/login/)
    await other.page.getByTestId('login-username').fill(username)
    await other.page.getByTestId('login-password').fill(PASSWORD)
    await other.page.keyboard.press('Enter')
    await poll(() => other.page.getByTestId('login-error').textContent()).toBe('账号已被禁用')
    await other.context.close()

    // Delete: Shift+D on the focused row, the confirm lists it, Enter → gone.
    await focusRow(page, username)
    await page.keyboard.press('Shift+D')
    await confirm.waitFor()
    expect(await confirm.innerText()).toContain('删除 1 个管理员')
    expect(await confirm.innerText()).toContain(username)
    await page.keyboard.press('Enter')
    await toastWith(page, '删除管理员：操作成功')
    await poll(() => page.getByTestId('data-table').innerText()).toContain('暂无数据')
    expect(await page.getByTestId('row').count()).toBe(0)
    await context.close()
  })

  it('shows the server refusal 用户名已存在 under the username and keeps everything typed', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page)
    await page.goto('/layout/admin/admins')
    await palette(page, 'xzgly', 'admin.createAdmin')
    await page.waitForURL(/\/create$/)
    await fillCreate(page, 'kefu', '重复的人', '财务')
    await page.keyboard.press('Enter')
    const error = page.locator('[data-field="username"] .kit-error')
    await error.waitFor()
    expect(await error.innerText()).toBe('用户名已存在')
    expect(page.url()).toMatch(/\/create$/)
    expect(await page.getByTestId('toast').count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('fld-username')
    expect(await page.locator('#fld-username').inputValue()).toBe('kefu')
    expect(await page.locator('#fld-nickname').inputValue()).toBe('重复的人')
    expect(await page.locator('#fld-password').inputValue()).toBe(PASSWORD)
    const checked = page.locator('[data-field="role_ids"] label:has(input:checked)')
    expect(await checked.allInnerTexts()).toEqual(['财务'])

    // Fixing the username by keyboard clears the message and the create goes through.
    const username = `kb_${uniq()}`
    await page.keyboard.press('Control+a')
    await page.keyboard.type(username)
    expect(await error.count()).toBe(0)
    await page.keyboard.press('Enter')
    await page.waitForURL(LIST)
    await filterBy(page, username)
    expect((await rowTexts(page))[0]).toContain('重复的人')
    // Clean up by keyboard too.
    await focusRow(page, username)
    await page.keyboard.press('Shift+D')
    await armedConfirm(page).waitFor()
    await page.keyboard.press('Enter')
    await poll(() => page.getByTestId('row').count()).toBe(0)
    await context.close()
  })
})
