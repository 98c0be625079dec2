// 报表统计 and 首页 by keyboard: the report for last month filtered by an agent's team from the palette, exported as
// CSV (the file holds exactly the table's rows), and 上月报表 at once; from home, the waiting withdrawals opened through
// their link, those waiting for a second review and the recharges waiting for payment by their hotkeys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CPU_THROTTLE, E2E_PASSWORD, throttle, watchContentPolicy } from './browser'
import { startFinanceServer, type FinanceServer } from './finance-server'
import { poll, tabTo } from './keys'

let browser: Browser
let srv: FinanceServer
const agent = `rpt${Date.now().toString(36).slice(-5)}`

const api = (path: string, body?: unknown) => srv.api(path, body)

beforeAll(async () => {
  srv = await startFinanceServer()
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  const { encryptForLogin } = await import('../../src/server/auth/rsa')
  const publicKey = srv.publicKey
  // An agent with a member under it (the team the report is filtered by).
  const made = await api('/api/member/create', { username: agent, password: encryptForLogin(publicKey, 'Member@123'), status: 1 })
  expect(made.code, made.msg).toBe(200)
  const edit = await api('/api/member/edit', { id: made.data.id, username: agent, status: 1, is_agent: true })
  expect(edit.code, edit.msg).toBe(200)
  const under = await api('/api/member/create', { username: `${agent}u`, password: encryptForLogin(publicKey, 'Member@123'), status: 1, agent_id: made.data.id })
  expect(under.code, under.msg).toBe(200)
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await srv?.stop()
})

async function home(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: srv.base, locale: 'zh-CN', viewport: { width: 1400, height: 900 }, acceptDownloads: true })
  await watchContentPolicy(context)
  const page = await context.newPage()
  page.setDefaultTimeout(15_000 * CPU_THROTTLE)
  if (CPU_THROTTLE > 1) await throttle(page, CPU_THROTTLE)
  await page.goto('/login')
  await page.getByTestId('login-username').fill('admin')
  await page.getByTestId('login-password').fill(E2E_PASSWORD)
  await page.getByTestId('login-password').press('Enter')
  await page.waitForURL((u) => u.pathname === '/layout/home')
  return { page, close: () => context.close() }
}

const arg = (page: Page, name: string) => page.locator(`[data-testid="palette-arg"][data-arg="${name}"]`).waitFor()

/** The first and last day of the month before today in Asia/Shanghai. */
function lastMonth(): [string, string] {
  const now = new Date(Date.now() + 8 * 3_600_000)
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
  return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)]
}

describe('报表统计', () => {
  it('opens last month for an agent\'s team from the palette and exports exactly the table', async () => {
    const { page, close } = await home()
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').waitFor()
    await page.keyboard.type('报表区间')
    await page.locator('[data-command-id="report.range"][data-selected="true"]').waitFor()
    await page.keyboard.press('Enter')
    await arg(page, 'preset')
    await page.keyboard.type('上月')
    await page.keyboard.press('Enter')
    await arg(page, 'agent')
    await page.keyboard.type(agent)
    await page.locator('[cmdk-item]', { hasText: agent }).first().waitFor()
    await page.keyboard.press('Enter')
    const [from, to] = lastMonth()
    await page.waitForURL((u) => u.pathname === '/layout/report' && u.searchParams.get('start_time') === from && u.searchParams.get('end_time') === to)
    await poll(() => page.getByTestId('report-range').innerText()).toBe(`${from} 至 ${to} · 代理 ${agent} 团队`)
    const days = Number(to.slice(8))
    const rows = page.locator('[data-testid="report-table"] tbody tr')
    await poll(() => rows.count()).toBe(days + 1)
    expect(await page.getByTestId('day-chart').locator('canvas').count()).toBe(1)
    const table = (await rows.allInnerTexts()).map((r) => r.split('\t').map((c) => c.trim().replace(/,/g, '')))
    expect(table[0][0]).toBe('合计')
    expect(table[1][0]).toBe(to)
    expect(table[days][0]).toBe(from)

    const download = page.waitForEvent('download')
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').waitFor()
    await page.keyboard.type('导出报表')
    await page.locator('[data-command-id="report.export"][data-selected="true"]').waitFor()
    await page.keyboard.press('Enter')
    const file = await download
    expect(file.suggestedFilename()).toBe(`报表统计_${from}_${to}_${agent}.csv`)
    const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(csv[0]).toBe(`报表统计 ${from} 至 ${to} 代理 ${agent}（团队）`)
    expect(csv[1].split(',')).toEqual(['日期', '注册人数', '首充人数', '充值金额', '充值笔数', '提现金额', '提现笔数', '投注金额', '派奖金额', '盈亏', '彩金', '人工加款', '人工扣款', '余额宝利息', '活跃人数'])
    const body = csv.slice(2).map((l) => l.split(','))
    // The file lists the days then the total; the table shows the total first.
    expect([body[body.length - 1], ...body.slice(0, -1)].map((r) => r.map((c) => c.replace(/\.00$/, '')))).toEqual(table.map((r) => r.map((c) => c.replace(/\.00$/, ''))))
    // 上月报表 opens the same month for every member at once.
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').waitFor()
    await page.keyboard.type('上月报表')
    await page.locator('[data-command-id="report.lastMonth"][data-selected="true"]').waitFor()
    await page.keyboard.press('Enter')
    await page.waitForURL((u) => u.pathname === '/layout/report' && u.searchParams.get('start_time') === from && !u.searchParams.has('agent_id'))
    await poll(() => page.getByTestId('report-range').innerText()).toBe(`${from} 至 ${to} · 全部会员`)
    await close()
  })
})

describe('首页', () => {
  it('shows today and the waiting work, and opens the withdrawals under review from its link', async () => {
    const { page, close } = await home()
    const waiting = page.getByTestId('waiting-提现审核中')
    await waiting.waitFor()
    const n = Number(await waiting.locator('strong').innerText())
    const pending = (await api('/api/withdraw/index?review_stage=pending')).data.total
    expect(n).toBe(pending)
    expect(n).toBeGreaterThan(0)
    await page.getByTestId('today-recharge_amount').waitFor()
    await tabTo(page, '[data-testid="waiting-提现审核中"]')
    await page.keyboard.press('Enter')
    await page.waitForURL((u) => u.pathname === '/layout/finance/withdraw' && u.searchParams.get('review_stage') === 'pending')
    await poll(async () => (await page.getByTestId('row').allInnerTexts()).length).toBeGreaterThan(0)
    expect((await page.getByTestId('row').allInnerTexts()).every((r) => r.includes('审核中'))).toBe(true)
    await close()
  })

  it('opens the withdrawals waiting for their second review and the recharges waiting for payment by their hotkeys', async () => {
    // Two-person review from 100.00: one withdrawal gets its first approval and waits for another admin (setup by API).
    const fin = (await api('/api/system/finance')).data.items.find((s: any) => s.key === 'double_review_amount')
    expect((await api('/api/system/finance/edit', { id: fin.id, value: '100' })).code).toBe(200)
    const first = (await api('/api/withdraw/index?review_stage=pending')).data.items[0]
    expect((await api('/api/withdraw/edit', { id: first.id, status: 1 })).data).toMatchObject({ review_stage: 'second' })
    const { page, close } = await home()
    const second = page.getByTestId('waiting-提现待复核')
    await poll(() => second.locator('strong').innerText()).toBe('1')
    expect(await second.locator('kbd').innerText()).toBe('Alt+V')
    await page.keyboard.press('Alt+v')
    await page.waitForURL((u) => u.pathname === '/layout/finance/withdraw' && u.searchParams.get('review_stage') === 'second')
    await poll(async () => (await page.getByTestId('row').allInnerTexts()).length).toBe(1)
    expect(await page.getByTestId('row').innerText()).toContain('待复核')
    expect(await page.getByTestId('row').getAttribute('data-row-id')).toBe(String(first.id))

    await page.goto('/layout/home')
    const recharges = page.getByTestId('waiting-充值待支付')
    await recharges.waitFor()
    const n = Number(await recharges.locator('strong').innerText())
    expect(n).toBe((await api('/api/recharge/index?status=3')).data.total)
    await page.keyboard.press('Alt+r')
    await page.waitForURL((u) => u.pathname === '/layout/finance/recharge' && u.searchParams.get('status') === '3')
    await poll(async () => (await page.getByTestId('row').allInnerTexts()).length).toBe(n)
    expect((await page.getByTestId('row').allInnerTexts()).every((r) => r.includes('待支付'))).toBe(true)
    await close()
  })
})
