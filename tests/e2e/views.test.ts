// Saved views, server-side column settings and background exports, by keyboard: a view saved on 提现记录 survives a
// reload and runs from the palette (视图：name); a column hidden in one browser is hidden in another; an export runs in
// the background with its progress in the export panel and downloads from the palette.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { api, launch, loginAs, newPage, palette } from './browser'
import { apiAdmin, focusGrid, poll, tabTo, tabToText, toastWith, tokenOf, uniq } from './keys'

let browser: Browser
let username: string
let token: string
beforeAll(async () => {
  browser = await launch()
  const su = await tokenOf('admin')
  const role = (await api('/api/sysrole/index?name=超级管理员', su)).data.items[0].id
  username = `vw${uniq()}`
  await apiAdmin(su, username, [role])
  token = await tokenOf(username)
})
afterAll(async () => { await browser?.close() })

const headers = async (page: Page) =>
  (await page.locator('[data-testid="data-table"] [role="columnheader"]').allInnerTexts()).map((t) => t.trim()).filter(Boolean)
const COLUMNS_BUTTON = '.kit-toolbar-right button[aria-haspopup="true"]'

/** Hides (or shows) one column from the 列 menu by keyboard. */
async function toggleColumn(page: Page, title: string) {
  await tabTo(page, COLUMNS_BUTTON)
  await page.keyboard.press('Enter')
  const menu = page.getByRole('group', { name: '显示的列' })
  await menu.waitFor()
  await tabToText(page, title)
  await page.keyboard.press('Space')
  await page.keyboard.press('Escape')
  await menu.waitFor({ state: 'detached' })
}

async function openList(page: Page, query: string, id: string, path: RegExp) {
  await palette(page, query, id)
  await page.waitForURL(path)
  await page.getByTestId('data-table').and(page.locator('[data-state="ok"]')).waitFor()
}

describe('saved views', () => {
  it('saves the filters and columns of 提现记录 as a view, and runs it from the palette after a reload', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page, username)
    await openList(page, 'txjl', 'finance.withdrawList', /\/layout\/finance\/withdraw$/)
    expect(await headers(page)).toContain('手续费')

    // A filter (the first one, 用户名) and a hidden column.
    await focusGrid(page)
    await page.keyboard.press('/')
    await page.keyboard.type('nobody_here')
    await page.keyboard.press('Enter')
    await page.waitForURL(/username=nobody_here/)
    await page.keyboard.press('Escape')
    await toggleColumn(page, '手续费')
    expect(await headers(page)).not.toContain('手续费')

    // 保存视图: the palette asks the name.
    await tabTo(page, '[data-command="view.saveView"]')
    await page.keyboard.press('Enter')
    await page.locator('[data-testid="palette-arg"][data-arg="name"]').waitFor()
    await page.keyboard.type('无此会员')
    await page.keyboard.press('Enter')
    await toastWith(page, '已保存视图「无此会员」')
    const saved = (await api('/api/view/index?list=/layout/finance/withdraw', token)).data.items
    expect(saved.map((v: any) => [v.name, v.state.filters.username, v.state.columns.includes('fee')])).toEqual([['无此会员', 'nobody_here', false]])

    // Back to the plain list, show the column again, reload: the view is still there, in the palette.
    await page.goto('/layout/finance/withdraw')
    await page.getByTestId('data-table').and(page.locator('[data-state="ok"]')).waitFor()
    await toggleColumn(page, '手续费')
    expect(await headers(page)).toContain('手续费')
    await page.reload()
    await page.getByTestId('data-table').and(page.locator('[data-state="ok"]')).waitFor()
    expect(await page.locator('#flt-username').inputValue()).toBe('')
    await palette(page, '无此会员', `view.open${saved[0].id}`)
    await page.waitForURL(new RegExp(`username=nobody_here.*view=${saved[0].id}`))
    await poll(() => page.locator('#flt-username').inputValue()).toBe('nobody_here')
    await poll(() => headers(page)).not.toContain('手续费')
    expect(await page.getByRole('combobox', { name: '视图' }).inputValue()).toBe(String(saved[0].id))
    await context.close()
  })
})

describe('column settings', () => {
  it('follows the admin to another browser: a column hidden in one context is hidden in the next', async () => {
    const one = await newPage(browser)
    await loginAs(one.page, username)
    await openList(one.page, 'hydljl', 'risk.loginList', /\/layout\/member\/logins$/)
    expect(await headers(one.page)).toContain('设备')
    await toggleColumn(one.page, '设备')
    expect(await headers(one.page)).not.toContain('设备')
    await poll(async () => (await api('/api/view/columns?list=/layout/member/logins', token)).data.columns
      .find((c: any) => c.key === 'device_id')?.hidden).toBe(true)
    await one.context.close()

    const two = await newPage(browser)
    await loginAs(two.page, username)
    await openList(two.page, 'hydljl', 'risk.loginList', /\/layout\/member\/logins$/)
    await poll(() => headers(two.page)).not.toContain('设备')
    expect(await headers(two.page)).toContain('IP')
    await two.context.close()
  })
})

describe('exports', () => {
  it('exports 操作日志 in the background: progress in the panel, then the file from the palette', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page, username)
    await openList(page, 'czrz', 'admin.operationLog', /\/layout\/admin\/log$/)
    // This admin's own log rows (first filter 管理员): what he did in this file, a fixed set while the export runs.
    await focusGrid(page)
    await page.keyboard.press('/')
    await page.keyboard.type(username)
    await page.keyboard.press('Enter')
    await page.waitForURL(new RegExp(`admin=${username}`))
    await page.keyboard.press('Escape')
    await tabTo(page, COLUMNS_BUTTON)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('导出 CSV')
    await page.keyboard.press('Enter')

    const panel = page.getByRole('region', { name: '导出任务' })
    await panel.waitFor()
    const job = panel.locator('[data-export]').first()
    expect(['导出中', '已完成']).toContain(await job.getByTestId('export-status').innerText())
    await job.and(page.locator('[data-status="done"]')).waitFor()
    await toastWith(page, '导出完成：操作日志')
    const list = (await api(`/api/operation/index?per_page=1&admin=${username}`, token)).data
    expect(list.total).toBeGreaterThan(2)
    expect(await job.getByTestId('export-rows').innerText()).toBe(`${list.total} 条`)

    await palette(page, 'xzdcwj', 'view.downloadExport')
    await page.locator('[data-testid="palette-arg"][data-arg="id"]').waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
    expect(download.suggestedFilename()).toMatch(/^操作日志-\d{8}-\d{4}\.csv$/)
    const bytes = await readFile((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean)
    expect(lines[0]).toBe('管理员,操作类型,接口路径,对象 ID,IP,时间')
    expect(lines.length - 1).toBe(list.total)
    expect(lines[1]).toMatch(new RegExp(`^${username},新增,/api/export/create,\\d+,`))
    await context.close()
  })
})
