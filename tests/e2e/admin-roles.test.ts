// 角色管理 by keyboard only: create, edit and delete a role; assign menus in the tree (arrows, Space, Enter) and admins,
// then an admin holding only that role sees exactly those menus and commands; a role in use cannot be deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { api, launch, loginAs, newPage, palette } from './browser'
import { armedConfirm, apiAdmin, poll, apiRole, filterBy, focusRow, rowTexts, tabTo, toastWith, tokenOf, uniq } from './keys'

let browser: Browser
let token: string
beforeAll(async () => {
  browser = await launch()
  token = await tokenOf('admin')
})
afterAll(async () => { await browser?.close() })

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')

/** In 分配菜单: ArrowDown/ArrowUp until the menu checkbox of the line labelled `label` has focus. */
async function toMenuLine(page: Page, label: string) {
  const want = await page.locator('[data-testid="menu-grants"] label', { has: page.locator('b', { hasText: new RegExp(`^${label}$`) }) })
    .locator('input[data-menu-id]').getAttribute('data-line')
  for (let i = 0; i < 200; i++) {
    const at = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.line ?? null)
    if (at === want) return
    await page.keyboard.press(Number(at) < Number(want) ? 'ArrowDown' : 'ArrowUp')
  }
  throw new Error(`arrows never reached ${label}`)
}

describe('角色管理', () => {
  it('creates, edits and deletes a role by keyboard', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page)
    await palette(page, 'jsgl', 'admin.roleList')
    await page.waitForURL(/\/layout\/admin\/role$/)
    const name = `键盘角色${uniq()}`

    await palette(page, '新增角色', 'admin.createRole')
    const dialog = page.getByTestId('form-dialog')
    await dialog.waitFor()
    expect(await focusedId(page)).toBe('fld-name')
    await page.keyboard.type(name)
    await page.keyboard.press('Tab')
    await page.keyboard.type('第一版备注')
    await page.keyboard.press('Control+Enter')
    await dialog.waitFor({ state: 'detached' })
    await toastWith(page, '新增角色：操作成功')
    await filterBy(page, name)
    expect((await rowTexts(page))[0]).toContain('第一版备注')

    await focusRow(page, name)
    await page.keyboard.press('e')
    await dialog.waitFor()
    expect(await dialog.getByRole('heading').innerText()).toBe(`编辑角色：${name}`)
    expect(await page.locator('#fld-name').inputValue()).toBe(name)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('第二版备注')
    await page.keyboard.press('Control+Enter')
    await dialog.waitFor({ state: 'detached' })
    await poll(async () => (await rowTexts(page))[0]).toContain('第二版备注')

    await focusRow(page, name)
    await page.keyboard.press('Shift+D')
    const confirm = armedConfirm(page)
    await confirm.waitFor()
    expect(await confirm.innerText()).toContain('删除 1 个角色')
    expect(await confirm.innerText()).toContain(name)
    await page.keyboard.press('Enter')
    await poll(() => page.getByTestId('data-table').innerText()).toContain('暂无数据')
    const left = await api(`/api/sysrole/index?name=${encodeURIComponent(name)}`, token)
    expect(left.data.total).toBe(0)
    await context.close()
  })

  it('assigns menus and an admin; that admin sees exactly those menus; a role in use is not deleted', async () => {
    const name = `日志只读${uniq()}`
    const roleId = await apiRole(token, name)
    const emptyRole = await apiRole(token, `空角色${uniq()}`)
    const username = `kbr_${uniq()}`
    const adminId = await apiAdmin(token, username, [emptyRole])

    const { context, page } = await newPage(browser)
    await loginAs(page, 'admin', undefined)
    await page.goto('/layout/admin/role')
    await filterBy(page, name)
    await focusRow(page, name)

    // m: the menu tree; the first line (首页) has focus; arrows move, Space ticks, Enter saves.
    await page.keyboard.press('m')
    const grants = page.getByTestId('menu-grants')
    await grants.waitFor()
    await poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.line)).toBe('0')
    expect(await page.locator('[data-testid="menu-grants"] input:checked').count()).toBe(0)
    await page.keyboard.press('Space')
    await toMenuLine(page, '操作日志')
    await page.keyboard.press('Space')
    // Ticking a page ticks its directory (shown as partly granted) and its permissions.
    const ticked = await page.locator('[data-testid="menu-grants"] input[data-menu-id]').evaluateAll((els) =>
      (els as HTMLInputElement[]).filter((e) => e.checked).map((e) => ({
        id: Number(e.dataset.menuId), label: e.closest('label')!.querySelector('b')!.textContent, partial: e.indeterminate,
      })))
    expect(ticked.map((t) => [t.label, t.partial])).toEqual([['首页', false], ['系统管理', true], ['操作日志', false]])
    const menuIds = ticked.map((t) => t.id)
    const perms = await page.locator('[data-testid="menu-grants"] input[data-permission-id]').evaluateAll((els) =>
      (els as HTMLInputElement[]).filter((e) => e.checked).map((e) => ({ id: Number(e.dataset.permissionId), label: e.closest('label')!.textContent })))
    expect(perms.map((p) => p.label)).toEqual(['操作日志-查看'])
    await page.keyboard.press('Enter')
    await grants.waitFor({ state: 'detached' })
    await toastWith(page, `已保存「${name}」的菜单权限`)
    const held = await api(`/api/sysrole/menu?role_id=${roleId}`, token)
    expect([...held.data.menu_ids].sort()).toEqual([...menuIds].sort())
    expect(held.data.permission_ids).toEqual(perms.map((p) => p.id))

    // u: the admins; the filter box has focus; Tab to the one match, Space ticks, Enter saves.
    await focusRow(page, name)
    await page.keyboard.press('u')
    const box = page.getByTestId('role-admins')
    await box.waitFor()
    // The filter box should have focus by now (see the next test); Tab reaches it either way.
    await tabTo(page, 'input[aria-label="筛选管理员"]')
    await page.keyboard.type(username)
    await poll(() => box.locator('input').count()).toBe(1)
    await tabTo(page, `[data-admin-id="${adminId}"]`)
    await page.keyboard.press('Space')
    await page.keyboard.press('Enter')
    await box.waitFor({ state: 'detached' })
    await toastWith(page, `「${name}」现有 1 个管理员`)
    await poll(async () => (await rowTexts(page))[0]).toMatch(/\s1\s/)

    // The admin holding only this role (and an empty one): 首页 and 操作日志, nothing else.
    const other = await newPage(browser)
    await loginAs(other.page, username)
    await other.page.goto('/layout/admin/log')
    await other.page.getByTestId('data-table').waitFor()
    const sidebar = other.page.getByTestId('sidebar')
    expect(await sidebar.locator('.nav-link').allInnerTexts()).toEqual(['首页', '操作日志'])
    expect(await sidebar.locator('.nav-group-toggle').allInnerTexts()).toEqual([expect.stringContaining('系统管理')])
    const screens: string[] = await other.page.evaluate(() =>
      window.__console!.commands().filter((c: { path: string | null }) => c.path).map((c: { id: string }) => c.id))
    expect(screens.sort()).toEqual(['admin.googleAuth', 'admin.operationLog', 'home.open'].sort())
    await other.page.keyboard.press('Control+k')
    await other.page.getByTestId('palette-input').fill('glylb')
    await poll(() => other.page.locator('[data-command-id="admin.adminList"]').count()).toBe(0)
    await other.page.getByTestId('palette-input').fill('czrz')
    await other.page.locator('[data-command-id="admin.operationLog"]').waitFor()
    await other.page.keyboard.press('Escape')
    await other.page.goto('/layout/admin/role')
    await other.page.getByTestId('forbidden').waitFor()
    await other.context.close()

    // Deleting the role while an admin holds it: the server refuses, one toast says why, the row stays.
    await focusRow(page, name)
    await page.keyboard.press('Shift+D')
    await armedConfirm(page).waitFor()
    expect(await armedConfirm(page).innerText()).toContain('1 个管理员将失去该角色')
    await page.keyboard.press('Enter')
    await toastWith(page, `角色「${name}」仍有管理员使用，不能删除`)
    expect(await rowTexts(page)).toEqual([expect.stringContaining(name)])
    await context.close()

    await api('/api/sysadmin/delete', token, { ids: [adminId] })
    await api('/api/sysrole/delete', token, { ids: [roleId, emptyRole] })
  })

  it('focuses the filter box when 分配管理员 has loaded, so typing filters and Enter saves', async () => {
    const name = `焦点${uniq()}`
    const roleId = await apiRole(token, name)
    const { context, page } = await newPage(browser)
    try {
      await loginAs(page)
      await page.goto('/layout/admin/role')
      await filterBy(page, name)
      await focusRow(page, name)
      await page.keyboard.press('u')
      await page.getByTestId('role-admins').locator('input').first().waitFor()
      // Known bug: focus stays on the dialog's ✕ (where it went while loading), where Enter closes without saving.
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('筛选管理员')
    } finally {
      await context.close()
      await api('/api/sysrole/delete', token, { ids: [roleId] })
    }
  })
})
