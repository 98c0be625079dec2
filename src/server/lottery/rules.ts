// The winning rule of every play way code, pure: three digits 0–9, their sum 0–27. Settlement asks this
// module which codes win and hands the answer to SQL; nothing else decides a win.
import { PLAYWAY_CODES, PLAYWAY_CODE, TEMA_MAX, type PlaywayCode } from '../../contract/lottery'

export type Digits = readonly [number, number, number]

export const sumOf = (d: Digits): number => d[0] + d[1] + d[2]

const big = (d: Digits) => sumOf(d) >= 14
const odd = (d: Digits) => sumOf(d) % 2 === 1
const distinct = (d: Digits) => new Set(d).size

/** Each code's rule; 特码 wins when the sum equals the number bet. No special case for 13/14 or for 豹子. */
const RULES: Record<PlaywayCode, (d: Digits, n: number | null) => boolean> = {
  da: (d) => big(d),
  xiao: (d) => !big(d),
  dan: (d) => odd(d),
  shuang: (d) => !odd(d),
  dadan: (d) => big(d) && odd(d),
  dashuang: (d) => big(d) && !odd(d),
  xiaodan: (d) => !big(d) && odd(d),
  xiaoshuang: (d) => !big(d) && !odd(d),
  jida: (d) => sumOf(d) >= 22,
  jixiao: (d) => sumOf(d) <= 5,
  tema: (d, n) => n !== null && sumOf(d) === n,
  duizi: (d) => distinct(d) === 2,
  baozi: (d) => distinct(d) === 1,
  shunzi: (d) => {
    const [a, b, c] = [...d].sort((x, y) => x - y)
    return b === a + 1 && c === b + 1
  },
}

export function wins(code: PlaywayCode, d: Digits, number: number | null = null): boolean {
  return RULES[code](d, number)
}

/** The codes (other than 特码, which depends on the number bet) that a result pays. */
export function winningCodes(d: Digits): PlaywayCode[] {
  return PLAYWAY_CODES.filter((c) => c !== 'tema' && wins(c, d))
}

/** The result's labels for lists: 大/小, 单/双, then 极大/极小 and the shape (对子/顺子/豹子) when they apply. */
export function tagsOf(d: Digits): string[] {
  const order: PlaywayCode[] = ['da', 'xiao', 'dan', 'shuang', 'jida', 'jixiao', 'duizi', 'shunzi', 'baozi']
  return order.filter((c) => wins(c, d)).map((c) => PLAYWAY_CODE[c])
}

/** What a bet on `code` is for, as lists show it: 大, or 特码 13. */
export function contentOf(code: PlaywayCode, number: number | null): string {
  return code === 'tema' ? `${PLAYWAY_CODE.tema} ${number}` : PLAYWAY_CODE[code]
}

export const isCode = (c: string): c is PlaywayCode => (PLAYWAY_CODES as readonly string[]).includes(c)
export const validTemaNumber = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= TEMA_MAX

/** Payout of a winning stake: stake × rate, rounded half-up to the cent, integer arithmetic (rate "1.98"). */
export function payoutOf(stakeCents: number, rate: string): number {
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(rate.trim())
  if (!m) throw new Error(`bad rate ${rate}`)
  const hundredths = BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'))
  return Number((BigInt(stakeCents) * hundredths + 50n) / 100n)
}
