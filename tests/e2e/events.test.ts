// Live events in the console: with 提现记录 open and a row focused and selected, a withdrawal created on the server
// (through the domain function, as the member site would) raises the sidebar badge and appears in the list while the
// focused row keeps the focus and the selection. Also measures how long an event takes from the writer's commit to
// the browser (printed, not asserted).
//
// The server runs in this process on an embedded database it shares with the test (in-process.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { E2E_PASSWORD } from './browser'
import { seededDb, serve, type InProcess } from './in-process'
import { MENU } from '../../src/contract/menus'
import { poll } from './keys'
import type { Db } from '../../src/server/db/db'
import { encryptForLogin } from '../../src/server/auth/rsa'
import { registerMember } from '../../src/server/member/member-write'
import { bindCard } from '../../src/server/member/payee-store'
import { transfer } from '../../src/server/ledger/ledger'
import { requestWithdraw } from '../../src/server/finance/withdraw-rules'
import { cardNumber } from '../../src/server/sim/people'
import { rng } from '../../src/server/sim/rng'

const P = 'alpha'
const r = rng(20261126)
let db: Db
let srv: InProcess
let base: string
let n = 0

/** A member with a card and money asking to withdraw (what the member site does), committed when this answers. */
async function newWithdrawal(): Promise<{ id: number; order_no: string }> {
  return db.tx(async (tx) => {
    const username = `live${++n}`
    const { id } = await registerMember(tx, P, { username, real_name: '王五' })
    await bindCard(tx, P, { member_id: id, holder: '王五', bank_name: '建设银行', card_no: cardNumber(r), status: 1 })
    await transfer(tx, { key: `e2e:live:${id}`, product: P, money: 0, from: { kind: 10 }, to: { kind: 1, owner: id }, amount: 1_000_000, type: 2, remark: '测试资金' })
    return requestWithdraw(tx, P, { member_id: id, amount: 10_000 + n * 100 })
  })
}

beforeAll(async () => {
  db = await seededDb()
  for (let i = 0; i < 4; i++) await newWithdrawal()
  srv = await serve(db, 'events')
  base = srv.base
}, 180_000)

afterAll(async () => { await srv?.close() })

const loggedIn = () => srv.loggedIn()

const badge = (page: Page, path: string) => page.locator(`[data-testid="sidebar"] [data-testid="count-badge"][data-path="${path}"]`)
const groupBadge = (page: Page, label: string) => page.locator(`[data-testid="sidebar"] [data-testid="count-badge"][data-group="${label}"]`)
const focusedRow = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="data-table"]:focus [data-testid="row"][data-focused]')?.getAttribute('data-row-id') ?? null)
const selectedRows = (page: Page) => page.locator('[data-testid="row"][data-selected]').evaluateAll((rows) => rows.map((x) => x.getAttribute('data-row-id')))

describe('live events in the console', () => {
  it('a new withdrawal raises the badge and appears in the open list; the focused, selected row stays so', async () => {
    const page = await loggedIn()
    // On the home page the finance group is folded: it shows the sum of its pages' counts.
    expect(await groupBadge(page, '财务管理').innerText()).toBe('4')
    await page.keyboard.press('Alt+w')
    await page.waitForURL((u) => u.pathname === MENU.withdraw)
    expect(await badge(page, MENU.withdraw).innerText()).toBe('4')
    await poll(() => focusedRow(page)).not.toBeNull()
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    const focused = await focusedRow(page)
    const rowsBefore = await page.getByTestId('row').count()
    expect(await selectedRows(page)).toEqual([focused])

    const w = await newWithdrawal()
    await poll(() => badge(page, MENU.withdraw).innerText()).toBe('5')
    await page.locator(`[data-testid="row"][data-row-id="${w.id}"]`).waitFor()
    expect(await page.getByTestId('row').count()).toBe(rowsBefore + 1)
    expect(await focusedRow(page)).toBe(focused)
    expect(await selectedRows(page)).toEqual([focused])
    // The keyboard is still on the list: the next row key moves from the same row.
    await page.keyboard.press('k')
    expect(await focusedRow(page)).not.toBe(focused)
    await page.context().close()
  })

  it('shows the counts in the palette; the alert toggles are remembered, notifications asked for when turned on', async () => {
    const page = await loggedIn()
    await page.context().grantPermissions(['notifications'])
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').fill('提现记录')
    const item = page.locator('[data-command-id="finance.withdrawList"]')
    await poll(() => item.locator('[data-testid="count-badge"]').innerText()).toMatch(/^\d+$/)
    expect(await item.locator('[data-testid="count-badge"]').innerText()).toBe(await groupBadge(page, '财务管理').innerText())
    await page.keyboard.press('Escape')

    await page.getByTestId('user-menu').click()
    expect(await page.getByTestId('menu-sound').getAttribute('aria-checked')).toBe('true')
    expect(await page.getByTestId('menu-notify').getAttribute('aria-checked')).toBe('false')
    await page.getByTestId('menu-sound').click()
    await page.getByTestId('menu-notify').click()
    await poll(() => page.getByTestId('menu-notify').getAttribute('aria-checked')).toBe('true')
    expect(await page.getByTestId('menu-sound').getAttribute('aria-checked')).toBe('false')
    await page.reload()
    await page.getByTestId('user-menu').click()
    expect(await page.getByTestId('menu-sound').getAttribute('aria-checked')).toBe('false')
    expect(await page.getByTestId('menu-notify').getAttribute('aria-checked')).toBe('true')
    await page.context().close()
  })

  it('measures an event\'s way from the commit to the browser', async () => {
    const page = await loggedIn()
    const cfg = await (await fetch(`${base}/common/configs`)).json()
    const login = await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: encryptForLogin(cfg.data.public_key, E2E_PASSWORD) }) })).json()
    // A reader in the page records when each withdrawal's event arrives (same machine, same clock as the test).
    await page.evaluate(async (token) => {
      const seen: Record<string, number> = {}
      ;(window as unknown as { __arrived: Record<string, number> }).__arrived = seen
      const res = await fetch('/api/events', { headers: { token } })
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
      void (async () => {
        let buf = ''
        for (;;) {
          const { value, done } = await reader.read()
          if (done) return
          buf += value
          for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
            const block = buf.slice(0, i)
            buf = buf.slice(i + 2)
            const data = /^data: (.*)$/m.exec(block)?.[1]
            if (block.startsWith('event: withdraw.created') && data) seen[JSON.parse(data).id] = Date.now()
          }
        }
      })()
    }, login.data.token)
    const ms: number[] = []
    for (let i = 0; i < 15; i++) {
      const w = await newWithdrawal()
      const committed = Date.now()
      const arrived = await poll(() => page.evaluate((id) => (window as unknown as { __arrived: Record<string, number> }).__arrived[id] ?? null, w.id)).not.toBeNull()
        .then(() => page.evaluate((id) => (window as unknown as { __arrived: Record<string, number> }).__arrived[id], w.id))
      ms.push(arrived - committed)
    }
    ms.sort((a, b) => a - b)
    console.log(`SSE delivery, commit → browser (PGlite, ${ms.length} withdrawals): median ${ms[Math.floor(ms.length / 2)]} ms, ` +
      `min ${ms[0]} ms, max ${ms[ms.length - 1]} ms`)
    await page.context().close()
  })
})
