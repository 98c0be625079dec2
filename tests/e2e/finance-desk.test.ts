// The withdrawal review desk by keyboard, counting the key presses from the home page (typed values not counted):
// open the pending withdrawals oldest first, open the review panel of the oldest, read its flags and associated
// accounts, claim it, reject it with a reason and freeze the member's withdrawals, then approve the next one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CPU_THROTTLE, loginAs, throttle } from './browser'
import { startFinanceServer, type FinanceServer } from './finance-server'
import { armedConfirm, poll } from './keys'

let browser: Browser
let srv: FinanceServer

beforeAll(async () => {
  srv = await startFinanceServer()
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await srv?.stop()
})

const focusedRow = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="data-table"]:focus [data-testid="row"][data-focused]')?.getAttribute('data-row-id') ?? null)
const paletteArg = (page: Page, name: string) => page.locator(`[data-testid="palette-arg"][data-arg="${name}"]`).waitFor()
const reviewOf = (page: Page) => page.locator('[data-testid="review-body"]').getAttribute('data-id', { timeout: 1000 }).catch(() => null)

describe('the review desk by keyboard', () => {
  it('claims the oldest, reads its flags and associations, rejects it with a reason and freeze, approves the next', async () => {
    const context = await browser.newContext({ baseURL: srv.base, locale: 'zh-CN', viewport: { width: 1500, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000 * CPU_THROTTLE)
    if (CPU_THROTTLE > 1) await throttle(page, CPU_THROTTLE)
    await loginAs(page)
    await page.waitForURL((u) => u.pathname === '/layout/home')
    let presses = 0
    const press = async (key: string) => { presses++; await page.keyboard.press(key) }

    // The queue: under review, oldest first; the oldest is the first member's.
    await press('Alt+w')
    await page.waitForURL((u) => u.pathname === '/layout/finance/withdraw' && u.searchParams.get('sort') === 'waiting')
    const [oldest, next] = srv.fx.withdrawals
    await poll(() => focusedRow(page)).toBe(String(oldest.id))

    await press('Enter')
    await poll(() => reviewOf(page)).toBe(String(oldest.id))
    const flags = await page.locator('[data-testid="review-flags"] [data-flag]').evaluateAll((els) => els.map((e) => e.getAttribute('data-flag')))
    expect(flags).toEqual(expect.arrayContaining(['first_withdrawal', 'new_account', 'shared_ip']))
    expect(flags).not.toContain('shared_card')
    const assoc = await page.getByTestId('review-associations').innerText()
    expect(assoc).toContain('10.20.30.40')
    expect(assoc).toContain(srv.fx.members[1])
    // The grid keeps the keyboard while the panel shows.
    expect(await focusedRow(page)).toBe(String(oldest.id))

    await press('c')
    await poll(() => page.getByTestId('review-claim').innerText()).toContain('admin 认领中')

    await press('r')
    await paletteArg(page, 'reason_code')
    await page.keyboard.type('关联账号异常')
    await press('Enter')
    await paletteArg(page, 'remark')
    await page.keyboard.type('同 IP 多账号，请联系客服')
    await press('Enter')
    await paletteArg(page, 'freeze')
    await page.keyboard.type('冻结该会员')
    await press('Enter')
    await armedConfirm(page).waitFor()
    const preview = await page.getByTestId('confirm-dialog').innerText()
    expect(preview).toContain('驳回 1 笔提现')
    expect(preview).toContain('冻结 1 个会员的提现')
    await press('Enter')
    await poll(async () => (await srv.api(`/api/withdraw/index?order_no=${oldest.order_no}`)).data.items[0]?.status).toBe(2)
    const rejected = (await srv.api(`/api/withdraw/index?order_no=${oldest.order_no}`)).data.items[0]
    expect(rejected).toMatchObject({ reason_code: 'shared_account', remark: '同 IP 多账号，请联系客服' })
    const member = (await srv.api(`/api/member/index?username=${srv.fx.members[0]}`)).data.items[0]
    expect(member.withdraw_blocked).toBe(true)

    // The rejected row left the queue; n focuses the next pending one and the panel follows it.
    await poll(() => page.locator(`[data-testid="row"][data-row-id="${oldest.id}"]`).count()).toBe(0)
    await press('n')
    await poll(() => focusedRow(page)).toBe(String(next.id))
    await poll(() => reviewOf(page)).toBe(String(next.id))
    await press('a')
    await armedConfirm(page).waitFor()
    expect(await page.getByTestId('confirm-dialog').innerText()).toMatch(/通过 1 笔提现/)
    await press('Enter')
    await poll(async () => (await srv.api(`/api/withdraw/index?order_no=${next.order_no}`)).data.items[0]?.status).toBe(1)

    console.log('review desk key presses (besides typed values):', presses)
    expect(presses).toBeLessThanOrEqual(12)
    await page.screenshot({ path: '/tmp/desk.png' })
    await context.close()
  })
})
