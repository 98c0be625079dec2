// The row an operation acts on is the row the operator saw: when a list refreshes with new rows above (created
// elsewhere, then a save in the console refreshes the list as it always does), the focused and selected rows follow
// their records; when the focused record is gone, nothing is focused and the row keys act on nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { api, CPU_THROTTLE, launch, loginAs, newPage, throttle } from './browser'
import { armedConfirm, focusRow, poll, tokenOf, uniq } from './keys'

let browser: Browser
let token: string
beforeAll(async () => {
  browser = await launch()
  token = await tokenOf('admin')
})
afterAll(async () => { await browser?.close() })

const W = '/layout/admin/whitelist'
const octet = () => 1 + Math.floor(Math.random() * 250)
const freshIp = () => `172.${16 + Math.floor(Math.random() * 16)}.${octet()}.${octet()}`

async function entry(remark: string): Promise<{ id: number; ip: string }> {
  const r = await api('/api/syswhitelist/create', token, { ip: freshIp(), remark })
  if (r.code !== 200) throw new Error(`whitelist entry: ${r.msg}`)
  return r.data
}

const rowIds = (page: Page) => page.getByTestId('row').evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id')))
const focusedRowId = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="row"][data-focused]')?.getAttribute('data-row-id') ?? null)
const selectedIds = (page: Page) => page.locator('[data-testid="row"][data-selected]').evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id')))

/** Three entries created elsewhere (the API), then one saved in this console: the list refreshes as after any save. */
async function rowsArriveAbove(page: Page, tag: string): Promise<string[]> {
  const above = [await entry(`${tag}-1`), await entry(`${tag}-2`), await entry(`${tag}-3`)]
  const ip = freshIp()
  await page.evaluate((args) => window.__console!.run('admin.createWhitelist', args), { ip, remark: `${tag}-saved` })
  const saved = (await api('/api/syswhitelist/index?per_page=1000', token)).data.items.find((e: { ip: string }) => e.ip === ip)
  const ids = [String(saved.id), ...above.reverse().map((e) => String(e.id))]
  await poll(async () => (await rowIds(page)).slice(0, 4)).toEqual(ids)
  return ids
}

describe('rows follow their records', () => {
  it('a refresh with new rows above: the focused and the selected row are the same records, and e edits that one', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page)
    await page.goto(W)
    await throttle(page, Math.max(4, CPU_THROTTLE))
    const target = await entry('target')
    const picked = await entry('picked')
    await poll(() => rowIds(page)).toEqual(expect.arrayContaining([String(target.id), String(picked.id)]))

    // Selected: x on one row; after the refresh the selection is still that record, and Shift+D names it.
    await focusRow(page, { id: picked.id })
    await page.keyboard.press('x')
    await poll(() => selectedIds(page)).toEqual([String(picked.id)])
    const tag = `sel${uniq()}`
    await rowsArriveAbove(page, tag)
    expect(await selectedIds(page)).toEqual([String(picked.id)])
    expect(await focusedRowId(page)).toBe(String(picked.id))
    await page.keyboard.press('Shift+D')
    const confirm = armedConfirm(page)
    await confirm.waitFor()
    expect(await confirm.innerText()).toContain(picked.ip)
    expect(await confirm.innerText()).toContain('删除 1 条白名单')
    await page.keyboard.press('Escape')
    await confirm.waitFor({ state: 'detached' })
    await page.keyboard.press('x')
    await poll(() => selectedIds(page)).toEqual([])

    // Focused: the row moves down with its record; e opens that record, not the one now at its old position.
    await focusRow(page, { id: target.id })
    const before = (await rowIds(page)).indexOf(String(target.id))
    await rowsArriveAbove(page, `foc${uniq()}`)
    expect((await rowIds(page)).indexOf(String(target.id))).toBe(before + 4)
    expect(await focusedRowId(page)).toBe(String(target.id))
    await page.keyboard.press('e')
    const dialog = page.getByTestId('form-dialog')
    await dialog.waitFor()
    expect(await dialog.getByRole('heading').innerText()).toBe(`编辑白名单：${target.ip}`)
    expect(await page.locator('#fld-ip').inputValue()).toBe(target.ip)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await context.close()
  })

  it('the focused record is gone after a refresh: nothing is focused, and e and Shift+D act on nothing', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page)
    await page.goto(W)
    await throttle(page, Math.max(4, CPU_THROTTLE))
    const neighbour = await entry('neighbour')
    const gone = await entry('gone')
    await poll(() => rowIds(page)).toEqual(expect.arrayContaining([String(gone.id), String(neighbour.id)]))
    await focusRow(page, { id: gone.id })

    // Deleted elsewhere; a save here refreshes the list.
    expect((await api('/api/syswhitelist/delete', token, { ids: [gone.id] })).code).toBe(200)
    await rowsArriveAbove(page, `gone${uniq()}`)
    expect(await rowIds(page)).not.toContain(String(gone.id))
    expect(await focusedRowId(page)).toBeNull()

    // e and Shift+D find no row; j then focuses the first row (so the keys before it were handled and did nothing).
    await page.keyboard.press('e')
    await page.keyboard.press('Shift+D')
    await page.keyboard.press('j')
    await poll(() => focusedRowId(page)).toBe((await rowIds(page))[0])
    expect(await page.getByTestId('form-dialog').count()).toBe(0)
    expect(await page.getByTestId('confirm-dialog').count()).toBe(0)
    await context.close()
  })
})
