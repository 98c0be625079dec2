// Type-ahead under 4× CPU throttling: keys pressed right after a command opens a surface go to that surface, in
// order, none lost, never to the list behind — the edit dialog by `e`, the palette by Ctrl+K (and its argument step,
// and a search argument), a routed form page; a confirm step never takes an Enter pressed before it was on screen.
// Nothing here waits between the key that opens a surface and the keys meant for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { api, CPU_THROTTLE, launch, loginAs, newPage, throttle } from './browser'
import { apiAdmin, armedConfirm, focusGrid, focusRow, poll, tokenOf, uniq } from './keys'

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

interface Entry { id: number; ip: string; remark: string }

async function entry(remark: string): Promise<Entry> {
  const r = await api('/api/syswhitelist/create', token, { ip: freshIp(), remark })
  if (r.code !== 200) throw new Error(`whitelist entry: ${r.msg}`)
  return r.data
}

async function entries(): Promise<Entry[]> {
  return (await api('/api/syswhitelist/index?per_page=1000', token)).data.items
}

const byId = async (id: number) => (await entries()).find((e) => e.id === id)

/** Logged in, on a screen, the page slowed at least 4×. */
async function open(path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser)
  await loginAs(page)
  await page.goto(path)
  await throttle(page, Math.max(4, CPU_THROTTLE))
  return { page, close: () => context.close() }
}

const focusedRowId = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="row"][data-focused]')?.getAttribute('data-row-id') ?? null)
const selectedRows = (page: Page) => page.locator('[data-testid="row"][data-selected]').count()

describe('type-ahead', () => {
  it('e opens the edit dialog: what is typed at once lands in it, in order, and saves exactly that', async () => {
    const t = await entry('before')
    const { page, close } = await open(W)
    await focusRow(page, { id: t.id })
    const ip = freshIp()
    await page.keyboard.press('e')
    await page.keyboard.press('Control+a')
    await page.keyboard.type(ip)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('typed-ahead')
    await page.keyboard.press('Enter')
    await poll(() => byId(t.id)).toMatchObject({ ip, remark: 'typed-ahead' })
    await page.getByTestId('form-dialog').waitFor({ state: 'detached' })
    // Nothing reached the list behind: Ctrl+A there would have selected every row, j/k/x moved or selected.
    expect(await selectedRows(page)).toBe(0)
    expect(await focusedRowId(page)).toBe(String(t.id))
    await close()
  })

  it('Ctrl+K, a command id, Enter and the form typed at once: the palette runs it and the form gets the rest', async () => {
    const { page, close } = await open(W)
    await focusGrid(page)
    const ip = freshIp()
    const remark = `pal${uniq()}`
    await page.keyboard.press('Control+k')
    await page.keyboard.type('admin.createWhitelist')
    await page.keyboard.press('Enter')
    await page.keyboard.type(ip)
    await page.keyboard.press('Tab')
    await page.keyboard.type(remark)
    await page.keyboard.press('Enter')
    await poll(async () => (await entries()).filter((e) => e.remark === remark).map((e) => e.ip)).toEqual([ip])
    expect(await selectedRows(page)).toBe(0)
    await close()
  })

  it('the palette argument step: an Enter typed before the choices arrived picks from them once they have', async () => {
    const { page, close } = await open('/layout/home')
    await poll(() => page.getByTestId('current-product').getAttribute('data-product')).toBe('alpha')
    await page.keyboard.press('Control+k')
    await page.keyboard.type('product.switchProduct')
    await page.keyboard.press('Enter')
    await page.keyboard.type('beta')
    await page.keyboard.press('Enter')
    await poll(() => page.getByTestId('current-product').getAttribute('data-product')).toBe('beta')
    await close()
  })

  it('a search argument and the page it opens: Enter waits for the answer, the keys after it go to the form page', async () => {
    const kefu = (await api('/api/sysrole/index?name=%E5%AE%A2%E6%9C%8D', token)).data.items[0]
    const username = `kbs_${uniq()}`
    const id = await apiAdmin(token, username, [kefu.id])
    const { page, close } = await open('/layout/home')
    await page.keyboard.press('Control+k')
    await page.keyboard.type('admin.findAdmin')
    await page.keyboard.press('Enter')
    await page.keyboard.type(username)
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('found-by-search')
    await page.keyboard.press('Enter')
    await poll(async () => (await api(`/api/sysadmin/index?id=${id}`, token)).data.items[0]?.nickname).toBe('found-by-search')
    await page.waitForURL((u) => u.pathname === '/layout/admin/admins')
    await api('/api/sysadmin/delete', token, { ids: [id] })
    await close()
  })

  it('e on 管理员列表 opens the edit page: the keys typed while its chunk and record load fill its form', async () => {
    const kefu = (await api('/api/sysrole/index?name=%E5%AE%A2%E6%9C%8D', token)).data.items[0]
    const username = `kbe_${uniq()}`
    const id = await apiAdmin(token, username, [kefu.id])
    const { page, close } = await open(`/layout/admin/admins?username=${username}`)
    await focusRow(page, { id })
    await page.keyboard.press('e')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('page-typed-ahead')
    await page.keyboard.press('Enter')
    await poll(async () => (await api(`/api/sysadmin/index?id=${id}`, token)).data.items[0]?.nickname).toBe('page-typed-ahead')
    await api('/api/sysadmin/delete', token, { ids: [id] })
    await close()
  })

  it('Shift+D then Enter at once: the early Enter does not confirm; the row stays and the confirm stays open', async () => {
    const t = await entry('keep-me')
    const { page, close } = await open(W)
    await focusRow(page, { id: t.id })
    await page.keyboard.press('Shift+D')
    await page.keyboard.press('Enter')
    const confirm = page.getByTestId('confirm-dialog')
    await confirm.waitFor()
    expect(await confirm.innerText()).toContain(t.ip)
    // The Enter has been handled (its key events are acknowledged); the entry is still there.
    expect(await byId(t.id)).toMatchObject({ ip: t.ip })
    // Once the confirm is on screen and armed, Enter confirms: the same key, pressed after it appeared.
    await armedConfirm(page).waitFor()
    expect(await byId(t.id)).toMatchObject({ ip: t.ip })
    await page.keyboard.press('Enter')
    await confirm.waitFor({ state: 'detached' })
    await poll(() => byId(t.id)).toBeUndefined()
    await close()
  })
})
