// Column visibility and CSV export on 管理员列表, by keyboard only: the 列 menu (Space toggles, remembered after a reload),
// and 导出 CSV of the filtered set (a background export, downloaded from the palette) — a UTF-8 BOM, Chinese headers of
// the visible columns, labels rather than codes.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { api, launch, loginAs, newPage, palette } from './browser'
import { filterBy, poll, tabTo, tabToText, toastWith, tokenOf } from './keys'

let browser: Browser
beforeAll(async () => { browser = await launch() })
afterAll(async () => { await browser?.close() })

const headers = async (page: Page) =>
  (await page.locator('[data-testid="data-table"] [role="columnheader"]').allInnerTexts()).map((t) => t.trim()).filter(Boolean)
const COLUMNS_BUTTON = '.kit-toolbar-right button[aria-haspopup="true"]'

describe('管理员列表 columns and CSV', () => {
  it('shows and hides columns from the 列 menu, remembers them, and exports exactly the visible columns', async () => {
    const token = await tokenOf('admin')
    const kefu = (await api('/api/sysadmin/index?username=kefu', token)).data.items[0]
    const { context, page } = await newPage(browser)
    await loginAs(page)
    await palette(page, 'glylb', 'admin.adminList')
    await page.waitForURL(/\/layout\/admin\/admins$/)
    await filterBy(page, 'kefu', '客服小李')
    expect(await headers(page)).toEqual(['用户名', '昵称', '角色', '状态', '谷歌验证', '最后登录', '创建时间'])

    // 列: Enter opens the menu on its first box (ID, hidden); Space shows ID; Tab to 创建时间, Space hides it; Esc closes.
    await tabTo(page, COLUMNS_BUTTON)
    await page.keyboard.press('Enter')
    const menu = page.getByRole('group', { name: '显示的列' })
    await menu.waitFor()
    await poll(() => page.evaluate(() => document.activeElement?.closest('label')?.textContent)).toBe('ID')
    await page.keyboard.press('Space')
    await tabToText(page, '创建时间')
    await page.keyboard.press('Space')
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    expect(await page.evaluate((s) => document.activeElement?.matches(s), COLUMNS_BUTTON)).toBe(true)
    const shown = ['ID', '用户名', '昵称', '角色', '状态', '谷歌验证', '最后登录']
    expect(await headers(page)).toEqual(shown)

    // Remembered for this list after a reload (same URL, same filter).
    await page.reload()
    await page.getByTestId('row').first().waitFor()
    expect(await headers(page)).toEqual(shown)
    expect(await page.locator('#flt-username').inputValue()).toBe('kefu')

    // 导出 CSV (the next Tab stop) starts a background export; its file is downloaded from the palette.
    await tabTo(page, COLUMNS_BUTTON)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('导出 CSV')
    await page.keyboard.press('Enter')
    await page.getByRole('region', { name: '导出任务' }).locator('[data-status="done"]').first().waitFor()
    await toastWith(page, '导出完成：管理员列表 1 条')
    await palette(page, 'xzdcwj', 'view.downloadExport')
    await page.locator('[data-testid="palette-arg"][data-arg="id"]').waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
    expect(download.suggestedFilename()).toMatch(/^管理员列表-\d{8}-\d{4}\.csv$/)
    const bytes = await readFile((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.toString('utf8').slice(1).split('\r\n')
    expect(lines[0]).toBe(shown.join(','))
    expect(lines.length).toBe(3)
    expect(lines[1].startsWith(`${kefu.id},kefu,客服小李,客服,启用,未开启,`)).toBe(true)
    expect(lines[2]).toBe('')
    // The columns are remembered on the server for this admin: put them back for the other tests.
    await api('/api/view/columns', token, { list: '/layout/admin/admins', columns: [] })
    await context.close()
  })
})
