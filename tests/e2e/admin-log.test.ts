// 操作日志 by keyboard only: filters typed after `/` (a select by arrows) land in the URL and a reload shows the same view;
// Enter on a row opens its detail with the changed field's before and after highlighted and the unchanged ones folded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { api, launch, loginAs, newPage, palette } from './browser'
import { apiRole, focusGrid, focusRow, poll, rowTexts, tabTo, tokenOf, uniq } from './keys'

let browser: Browser
let token: string
beforeAll(async () => {
  browser = await launch()
  token = await tokenOf('admin')
})
afterAll(async () => { await browser?.close() })

describe('操作日志', () => {
  it('filters by action and path (kept in the URL and after a reload) and shows before/after on Enter', async () => {
    // The writes to look at: a role created, then its remark changed.
    const name = `日志角色${uniq()}`
    const roleId = await apiRole(token, name, '修改之前的备注')
    const edited = await api('/api/sysrole/edit', token, { id: roleId, name, remark: '修改之后的备注' })
    expect(edited.code).toBe(200)
    const logs = await api('/api/operation/index?action=U&path=%2Fapi%2Fsysrole%2Fedit&per_page=100', token)
    const entry = (logs.data.items as { id: number; target_ids: string[] }[]).find((l) => l.target_ids.includes(String(roleId)))!
    expect(entry).toBeTruthy()

    const { context, page } = await newPage(browser)
    await loginAs(page)
    await palette(page, 'czrz', 'admin.operationLog')
    await page.waitForURL(/\/layout\/admin\/log$/)
    await focusGrid(page)
    await poll(() => page.getByTestId('row').count()).toBeGreaterThan(0)

    // `/` → 管理员; Tab → 操作类型 (arrows choose and apply); Tab → 接口路径, Enter applies.
    await page.keyboard.press('/')
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('flt-admin')
    await page.keyboard.type('admin')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('flt-action')
    for (let i = 0; i < 10 && (await page.locator('#flt-action').inputValue()) !== 'U'; i++) await page.keyboard.press('ArrowDown')
    expect(await page.locator('#flt-action option:checked').innerText()).toBe('修改')
    await page.keyboard.press('Tab')
    await page.keyboard.type('/api/sysrole/edit')
    await page.keyboard.press('Enter')
    await poll(() => new URL(page.url()).searchParams.get('path')).toBe('/api/sysrole/edit')
    const params = new URL(page.url()).searchParams
    expect([params.get('admin'), params.get('action')]).toEqual(['admin', 'U'])
    await poll(async () => (await rowTexts(page)).every((t) => t.includes('修改') && t.includes('/api/sysrole/edit'))).toBe(true)
    await page.locator(`[data-testid="row"][data-row-id="${entry.id}"]`).waitFor()
    const shown = await rowTexts(page)
    expect(shown.length).toBeGreaterThan(0)

    // The same URL, reloaded: the same filters and the same rows.
    const url = page.url()
    await page.reload()
    await page.locator(`[data-testid="row"][data-row-id="${entry.id}"]`).waitFor()
    expect(page.url()).toBe(url)
    expect(await page.locator('#flt-admin').inputValue()).toBe('admin')
    expect(await page.locator('#flt-action').inputValue()).toBe('U')
    expect(await page.locator('#flt-path').inputValue()).toBe('/api/sysrole/edit')
    expect(await rowTexts(page)).toEqual(shown)

    // Enter on the role's row: the detail with the changed field highlighted, before and after; the unchanged folded.
    await focusGrid(page)
    await focusRow(page, { id: entry.id })
    await page.keyboard.press('Enter')
    const detail = page.getByTestId('log-detail')
    await detail.waitFor()
    const text = await detail.innerText()
    expect(text).toContain('/api/sysrole/edit')
    expect(await detail.locator('.kit-field-row', { hasText: '操作类型' }).locator('dd').innerText()).toBe('修改')
    expect(await detail.locator('.kit-field-row', { hasText: '对象 ID' }).locator('dd').innerText()).toBe(String(roleId))
    const remark = detail.locator('tr[data-changed][data-field="remark"]')
    expect(await remark.locator('.log-diff-before').innerText()).toBe('修改之前的备注')
    expect(await remark.locator('.log-diff-after').innerText()).toBe('修改之后的备注')
    expect(await detail.locator('tr[data-changed][data-field="name"]').count()).toBe(0)
    // The unchanged fields are folded; Tab to the disclosure and Enter opens it: the name is there, unchanged.
    const same = detail.getByTestId('log-diff-same')
    const name_ = same.locator('tr[data-field="name"]')
    expect(await name_.isVisible()).toBe(false)
    await tabTo(page, '[data-testid="log-diff-same"] summary')
    await page.keyboard.press('Enter')
    await poll(() => name_.isVisible()).toBe(true)
    expect(await name_.innerText()).toContain(name)

    // Esc closes the drawer and gives the keyboard back to the grid.
    await page.keyboard.press('Escape')
    await detail.waitFor({ state: 'detached' })
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('data-table')
    await context.close()
    await api('/api/sysrole/delete', token, { ids: [roleId] })
  })
})
