// 风险敞口 by keyboard: open it from the palette, read the worst result of a room's coming draw, go to it and open the
// bets behind it (投注记录 of that issue, the bets that result would pay). The bets are placed on the server through
// the domain function, as the member site would, on an embedded database the test shares with the app (in-process.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { palette } from './browser'
import { seededDb, serve, type InProcess } from './in-process'
import { MENU } from '../../src/contract/menus'
import { poll, rowTexts } from './keys'
import type { Db } from '../../src/server/db/db'
import { one } from '../../src/server/db/db'
import { registerMember } from '../../src/server/member/member-write'
import { transfer } from '../../src/server/ledger/ledger'
import { placeBet } from '../../src/server/lottery/bet'
import { newSeed } from '../../src/server/lottery/fair'

const P = 'alpha'
let db: Db
let srv: InProcess
const placed: { member: string; content: string; order_no: string }[] = []

async function bettor(username: string): Promise<number> {
  return db.tx(async (tx) => {
    const { id } = await registerMember(tx, P, { username })
    await transfer(tx, { key: `e2e:exposure:${id}`, product: P, money: 0, from: { kind: 10 }, to: { kind: 1, owner: id }, amount: 10_000_00, type: 2, remark: '测试资金' })
    return id
  })
}

beforeAll(async () => {
  db = await seededDb()
  // 高级房's coming draw: 特码 13 for 1,000 元 (9.80) and 大 for 500 元.
  const room = (await one<{ id: number }>(db, `select id from lottery_rooms where product = $1 and code = 'GJ'`, [P]))!.id
  const { seed: s, hash } = newSeed()
  const issue = (await one<{ id: string }>(db, `insert into lottery_issues (product, room_id, issue_no, open_at, lock_at, seed, seed_hash)
    values ($1, $2, '209911260001', now() + interval '20 minutes', now() + interval '19 minutes', $3, $4) returning id`, [P, room, s, hash]))!.id
  const way = async (code: string) => (await one<{ id: number }>(db, 'select id from lottery_playways where product = $1 and code = $2', [P, code]))!.id
  for (const [username, code, amount, number] of [['expo_tema', 'tema', 1000_00, 13], ['expo_da', 'da', 500_00, null]] as const) {
    const id = await bettor(username)
    const playway = await way(code)
    const b = await db.tx((tx) => placeBet(tx, { product: P, member_id: id, room_id: room, issue_id: Number(issue), playway_id: playway, amount, number }))
    placed.push({ member: username, content: b.content, order_no: b.order_no })
  }
  srv = await serve(db, 'exposure')
}, 180_000)

afterAll(async () => { await srv?.close() })

const loggedIn = () => srv.loggedIn()

const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null
  return { room: el?.dataset.room ?? null, digits: el?.dataset.digits ?? null, text: el?.innerText ?? '' }
})

describe('风险敞口', () => {
  it('shows a room\'s worst result and opens the bets behind it, by keyboard', async () => {
    const page = await loggedIn()
    await palette(page, '风险敞口', 'exposure.open')
    await page.waitForURL((u) => u.pathname === MENU.exposure)
    // The rooms come with the focus on the first; ↓ moves to 高级房 (标准房 and 极速房 have no issue coming).
    await poll(async () => (await focused(page)).room).not.toBeNull()
    const gj = page.locator('[data-testid="exposure-rooms"] button', { hasText: '高级房' })
    for (let i = 0; i < 5 && (await focused(page)).text.indexOf('高级房') < 0; i++) await page.keyboard.press('ArrowDown')
    expect((await focused(page)).text).toContain('第 209911260001 期')
    // 特码 13 pays 1,000 × 9.80 on every result summing 13; 0,4,9 comes first of those. 大 pays on none of them.
    expect(await gj.getByTestId('room-worst').innerText()).toBe('最差 0,4,9 赔 9,800.00')
    await page.getByTestId('exposure-detail').waitFor()
    expect(await page.getByTestId('exposure-detail').getAttribute('data-issue')).toBe('209911260001')
    await page.keyboard.press('Enter')
    await poll(async () => (await focused(page)).digits).toBe('0,4,9')
    expect((await focused(page)).text).toMatch(/派彩\s*9,800\.00/)
    await page.keyboard.press('Enter')
    await page.waitForURL((u) => u.pathname === MENU.bets && u.searchParams.get('wins') === '0,4,9')
    const tema = placed.find((b) => b.member === 'expo_tema')!
    await poll(() => rowTexts(page)).toEqual([expect.stringContaining(tema.order_no)])
    expect((await rowTexts(page))[0]).toContain('特码 13')
  })
})
