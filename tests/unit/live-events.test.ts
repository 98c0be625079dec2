// The console's side of the live events: the SSE parser over arbitrary chunks, the badges' counts and which lists an
// event refreshes.
import { describe, expect, it } from 'vitest'
import { sseParser, type SseMessage } from '../../src/core/sse'
import { badgeOf, eventTouches } from '../../src/core/events'
import { API } from '../../src/contract/api'
import { MENU } from '../../src/contract/menus'

function parse(chunks: string[]) {
  const out: SseMessage[] = []
  let comments = 0
  const feed = sseParser((m) => out.push(m), () => comments++)
  for (const c of chunks) feed(c)
  return { out, comments }
}

describe('sseParser', () => {
  it('reads events split anywhere, with CRLF or LF, multi-line data, comments and a default name', () => {
    const text = 'retry: 3000\n\n: ping\n\nevent: counts\ndata: {"a":1}\n\nevent: withdraw.created\r\ndata: {"id":\r\ndata: 2}\r\n\r\ndata: x\n\n'
    for (const size of [1, 2, 3, 7, text.length]) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!
      const { out, comments } = parse(chunks)
      expect(out).toEqual([
        { event: 'counts', data: '{"a":1}' },
        { event: 'withdraw.created', data: '{"id":\n2}' },
        { event: 'message', data: 'x' },
      ])
      expect(comments).toBe(1)
    }
  })

  it('keeps an unfinished event until its blank line arrives', () => {
    const { out } = parse(['event: counts\ndata: {}\n'])
    expect(out).toEqual([])
  })
})

describe('badges and lists', () => {
  const counts = { withdraw_pending: 3, withdraw_second: 2, recharge_pending: 0 }
  it('counts withdrawals under review (both stages) and recharges waiting, nothing for lists not held or at zero', () => {
    expect(badgeOf(MENU.withdraw, counts)).toEqual({ n: 5, title: '审核中 3 · 待复核 2' })
    expect(badgeOf(MENU.recharge, counts)).toBeNull()
    expect(badgeOf(MENU.recharge, { ...counts, recharge_pending: 4 })).toEqual({ n: 4, title: '待支付 4' })
    expect(badgeOf(MENU.withdraw, { withdraw_pending: null, withdraw_second: null, recharge_pending: 1 })).toBeNull()
    expect(badgeOf(MENU.member, counts)).toBeNull()
    expect(badgeOf(MENU.withdraw, null)).toBeNull()
  })

  it('refreshes the list read from the event\'s resource endpoint only', () => {
    expect(eventTouches(API.withdraw.index.url, 'withdraw.created')).toBe(true)
    expect(eventTouches(API.withdraw.index.url, 'withdraw.decided')).toBe(true)
    expect(eventTouches(API.withdraw.index.url, 'recharge.created')).toBe(false)
    expect(eventTouches(API.recharge.index.url, 'recharge.decided')).toBe(true)
    expect(eventTouches(API.bets.index.url, 'bet.big_win')).toBe(true)
    expect(eventTouches(API.member.index.url, 'withdraw.created')).toBe(false)
  })
})
