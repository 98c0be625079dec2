// The money screens by keyboard only, counting the key presses from the home page (values typed — username, amount,
// remark, merchant — are not counted): approve a pending withdrawal, confirm a recharge, a manual top-up, add merchant
// quota, find a member's balance history. Each must take at most 6 presses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { CHROMIUM_ARGS, CPU_THROTTLE, E2E_PASSWORD, throttle } from './browser'
import { chromium } from 'playwright-core'
import { startFinanceServer, type FinanceServer } from './finance-server'
import { armedConfirm, poll } from './keys'

let browser: Browser
let srv: FinanceServer
const counts: Record<string, number> = {}

const api = (path: string, body?: unknown) => srv.api(path, body)

beforeAll(async () => {
  srv = await startFinanceServer()
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await srv?.stop()
  console.log('key presses (besides typed values):', counts)
})

/** A logged-in page on the home screen, and a counter of the keys pressed on it. */
async function home(): Promise<{ page: Page; press: (key: string) => Promise<void>; presses: () => number; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: srv.base, locale: 'zh-CN', viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000 * CPU_THROTTLE)
  if (CPU_THROTTLE > 1) await throttle(page, CPU_THROTTLE)
  await page.goto('/login')
  await page.getByTestId('login-username').fill('admin')
  await page.getByTestId('login-password').fill(E2E_PASSWORD)
  await page.getByTestId('login-password').press('Enter')
  await page.getByTestId('topbar').waitFor()
  await page.waitForURL((u) => u.pathname === '/layout/home')
  let n = 0
  return {
    page,
    press: async (key) => { n++; await page.keyboard.press(key) },
    presses: () => n,
    close: () => context.close(),
  }
}

const focusedRow = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="data-table"]:focus [data-testid="row"][data-focused]')?.getAttribute('data-row-id') ?? null)
const paletteArg = (page: Page, name: string) => page.locator(`[data-testid="palette-arg"][data-arg="${name}"]`).waitFor()

describe('money by keyboard, counting key presses', () => {
  it('approves a pending withdrawal: Alt+W, a, Enter', async () => {
    const { page, press, presses, close } = await home()
    await press('Alt+w')
    await page.waitForURL((u) => u.pathname === '/layout/finance/withdraw' && u.searchParams.get('status') === '3')
    await poll(() => focusedRow(page)).not.toBeNull()
    const id = Number(await focusedRow(page))
    expect(await page.getByTestId('pending-work').innerText()).toContain('审核中')
    await press('a')
    const dialog = page.getByTestId('confirm-dialog')
    await armedConfirm(page).waitFor()
    expect(await dialog.innerText()).toMatch(/通过 1 笔提现，共 [\d.]+ 元/)
    expect(await dialog.innerText()).toContain('实付')
    await press('Enter')
    await poll(async () => (await api(`/api/withdraw/index?status=1`)).data.items.map((w: any) => w.id)).toContain(id)
    counts['approve a pending withdrawal'] = presses()
    expect(presses()).toBeLessThanOrEqual(6)
    await close()
  })

  it('confirms a recharge: Alt+R, c, Enter', async () => {
    const { page, press, presses, close } = await home()
    await press('Alt+r')
    await page.waitForURL((u) => u.pathname === '/layout/finance/recharge')
    await poll(() => focusedRow(page)).not.toBeNull()
    const id = Number(await focusedRow(page))
    await press('c')
    await armedConfirm(page).waitFor()
    expect(await page.getByTestId('confirm-dialog').innerText()).toContain('确认 1 笔充值到账')
    await press('Enter')
    await poll(async () => (await api(`/api/recharge/index?status=1`)).data.items.map((r: any) => r.id)).toContain(id)
    counts['confirm a recharge'] = presses()
    expect(presses()).toBeLessThanOrEqual(6)
    await close()
  })

  it('tops up a member: Alt+J, username Enter, amount Enter, remark Enter, Enter', async () => {
    const user = srv.fx.members[2]
    const before = (await api(`/api/balance/index?username=${user}`)).data.total
    const { page, press, presses, close } = await home()
    await press('Alt+j')
    await paletteArg(page, 'member')
    await page.keyboard.type(user)
    await press('Enter')
    await paletteArg(page, 'amount')
    await page.keyboard.type('123.45')
    await press('Enter')
    await paletteArg(page, 'remark')
    await page.keyboard.type('键盘补款')
    await press('Enter')
    await armedConfirm(page).waitFor()
    const preview = await page.getByTestId('confirm-dialog').innerText()
    expect(preview).toContain(`人工加款：${user}`)
    expect(preview).toContain('123.45')
    await press('Enter')
    await poll(async () => (await api(`/api/balance/index?username=${user}`)).data.total).toBe(before + 1)
    const [last] = (await api(`/api/balance/index?username=${user}`)).data.items
    expect(last).toMatchObject({ type: 6, amount: '123.45', remark: '键盘补款' })
    counts['manual top-up'] = presses()
    expect(presses()).toBeLessThanOrEqual(6)
    await close()
  })

  it('adds merchant quota: Alt+Q, merchant Enter, Enter (增加额度), amount Enter, remark Enter, Enter', async () => {
    const { page, press, presses, close } = await home()
    await press('Alt+q')
    await paletteArg(page, 'merchant')
    await page.keyboard.type(srv.fx.merchant)
    await press('Enter')
    await paletteArg(page, 'type')
    await press('Enter')
    await paletteArg(page, 'amount')
    await page.keyboard.type('5000')
    await press('Enter')
    await paletteArg(page, 'remark')
    await page.keyboard.type('商户预存')
    await press('Enter')
    await armedConfirm(page).waitFor()
    expect(await page.getByTestId('confirm-dialog').innerText()).toContain('增加额度 5000.00 元')
    await press('Enter')
    await poll(async () => (await api('/api/merchantbill/index?type=21')).data.items[0]?.remark).toBe('商户预存')
    counts['add merchant quota'] = presses()
    expect(presses()).toBeLessThanOrEqual(6)
    await close()
  })

  it('finds a member\'s balance history: Alt+B, username Enter', async () => {
    const user = srv.fx.members[0]
    const { page, press, presses, close } = await home()
    await press('Alt+b')
    await paletteArg(page, 'username')
    await page.keyboard.type(user)
    await press('Enter')
    await page.waitForURL((u) => u.pathname === '/layout/finance/balance' && u.searchParams.get('username') === user)
    await poll(async () => (await page.getByTestId('row').allInnerTexts()).length).toBeGreaterThan(0)
    const rows = await page.getByTestId('row').allInnerTexts()
    expect(rows.every((r) => r.includes(user))).toBe(true)
    expect(rows.join('\n')).toContain('提现')
    counts['balance history'] = presses()
    expect(presses()).toBeLessThanOrEqual(6)
    await close()
  })
})

describe('review at a glance', () => {
  it('bulk approve previews the total and reports the row that failed; 待复核 shows after a first approval', async () => {
    const { page, press, close } = await home()
    await press('Alt+w')
    await poll(() => focusedRow(page)).not.toBeNull()
    const ids = await page.getByTestId('row').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-row-id'))))
    expect(ids.length).toBeGreaterThanOrEqual(3)
    const [first, second] = ids
    // Someone else rejects the second one meanwhile: the screen still shows it under review.
    expect((await api('/api/withdraw/edit', { id: second, status: 2, remark: '他人已驳回' })).code).toBe(200)
    await press('x')
    await press('j')
    await press('x')
    await press('a')
    await armedConfirm(page).waitFor()
    const text = await page.getByTestId('confirm-dialog').innerText()
    expect(text).toMatch(/通过 2 笔提现，共 [\d.]+ 元/)
    expect(text).toContain('实付合计')
    await press('Enter')
    const result = page.getByTestId('bulk-result')
    await result.waitFor()
    expect(await result.innerText()).toContain('成功 1 项，失败 1 项')
    expect(await result.innerText()).toContain('状态已变更')
    await press('Enter')
    await poll(async () => (await api(`/api/withdraw/index?status=1`)).data.items.map((w: any) => w.id)).toContain(first)
    // Two-person review: lower the threshold, approve once, the row shows 待复核.
    const fin = (await api('/api/system/finance')).data.items.find((s: any) => s.key === 'double_review_amount')
    await api('/api/system/finance/edit', { id: fin.id, value: '100' })
    const third = ids[2]
    expect((await api('/api/withdraw/edit', { id: third, status: 1 })).data).toMatchObject({ review_stage: 'second' })
    await page.reload()
    await page.locator(`[data-testid="row"][data-row-id="${third}"]`).filter({ hasText: '待复核' }).waitFor()
    expect(await page.getByTestId('pending-work').innerText()).toContain('待复核 1')
    await api('/api/system/finance/edit', { id: fin.id, value: fin.value })
    await close()
  })

  it('edits a finance setting in place by its type: Enter on the row, the value, Enter', async () => {
    const { page, press, close } = await home()
    await page.goto('/layout/websitesettings/financ')
    await page.getByTestId('data-table').focus()
    const row = page.getByTestId('row').filter({ hasText: '提现时间' })
    await row.waitFor()
    while ((await page.evaluate(() => document.querySelector('[data-testid="row"][data-focused]')?.textContent ?? '')).indexOf('提现时间') < 0) await press('j')
    await press('Enter')
    await page.getByTestId('form-dialog').waitFor()
    await press('Control+a')
    await page.keyboard.type('25:00-23:00')
    await press('Enter')
    await page.getByTestId('form-dialog').getByText('格式 HH:mm-HH:mm').waitFor()
    await press('Control+a')
    await page.keyboard.type('08:00-22:30')
    await press('Enter')
    await page.getByTestId('form-dialog').waitFor({ state: 'detached' })
    await poll(async () => (await api('/api/system/finance')).data.items.find((s: any) => s.key === 'withdraw_hours').value).toBe('08:00-22:30')
    await row.filter({ hasText: '08:00-22:30' }).waitFor()
    await api('/api/system/finance/edit', { id: (await api('/api/system/finance')).data.items.find((s: any) => s.key === 'withdraw_hours').id, value: '00:00-23:59' })
    await close()
  })
})
