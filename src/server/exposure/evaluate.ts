// What each of the 1,000 results would pay, from an issue's bets grouped by (code, 特码 number): the results are sorted
// once into classes that pay the same selections (asked of rules.ts, the module settlement asks), so one evaluation
// adds each class's winning groups instead of every bet against every result.
import { PLAYWAY_CODES, TEMA_MAX, type PlaywayCode } from '../../contract/lottery'
import { sumOf, wins, type Digits } from '../lottery/rules'

/** Real open bets on one selection: their count, stakes and the sum of their payouts if it wins (cents). */
export interface Group { code: PlaywayCode; number: number; bets: number; stake: number; payout: number }

/** A selection's key: the code, or `tema:13` for 特码 13. */
export const keyOf = (code: string, number: number | null) => (code === 'tema' ? `tema:${number}` : code)

interface Klass { keys: string[]; sum: number; results: string[] }

/** The 1,000 results in classes of equal winning selections (and sum), each result's digits as "3,5,8". */
const CLASSES: Klass[] = (() => {
  const byKey = new Map<string, Klass>()
  for (let n = 0; n < 1000; n++) {
    const d = [Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10] as unknown as Digits
    const keys: string[] = PLAYWAY_CODES.filter((c) => c !== 'tema' && wins(c, d)).map((c) => keyOf(c, null))
    for (let t = 0; t <= TEMA_MAX; t++) if (wins('tema', d, t)) keys.push(keyOf('tema', t))
    const id = `${sumOf(d)}|${keys.join(' ')}`
    const k = byKey.get(id) ?? { keys, sum: sumOf(d), results: [] }
    k.results.push(d.join(','))
    byKey.set(id, k)
  }
  return [...byKey.values()]
})()

/** Each class's payout for these groups (cents), in CLASSES order. */
function payouts(groups: readonly Group[]): number[] {
  const by = new Map<string, number>()
  for (const g of groups) {
    const k = keyOf(g.code, g.number)
    by.set(k, (by.get(k) ?? 0) + g.payout)
  }
  return CLASSES.map((c) => c.keys.reduce((s, k) => s + (by.get(k) ?? 0), 0))
}

/** The largest payout any result would cost (cents). */
export const worstPayout = (groups: readonly Group[]): number => Math.max(0, ...payouts(groups))

export interface ResultCost { digits: string; payout: number }

export interface Evaluation {
  /** The `worst` most costly results, most costly first (equal payouts in digit order). */
  worst: ResultCost[]
  /** The `best` cheapest results, cheapest first. */
  best: ResultCost[]
  /** The largest payout among the results of each digit sum 0–27. */
  bySum: number[]
}

export function evaluate(groups: readonly Group[], worst = 10, best = 3): Evaluation {
  const pay = payouts(groups)
  const order = CLASSES.map((_, i) => i)
  const take = (idx: number[], n: number) => {
    const out: ResultCost[] = []
    for (const i of idx) {
      for (const digits of [...CLASSES[i].results].sort()) {
        if (out.length === n) return out
        out.push({ digits, payout: pay[i] })
      }
    }
    return out
  }
  // Equal payouts: the class whose first result comes first in digit order first.
  const first = (i: number) => [...CLASSES[i].results].sort()[0]
  const tie = (a: number, b: number) => (first(a) < first(b) ? -1 : 1)
  const bySum = new Array<number>(TEMA_MAX + 1).fill(0)
  CLASSES.forEach((c, i) => { bySum[c.sum] = Math.max(bySum[c.sum], pay[i]) })
  return {
    worst: take([...order].sort((a, b) => pay[b] - pay[a] || tie(a, b)), worst),
    best: take([...order].sort((a, b) => pay[a] - pay[b] || tie(a, b)), best),
    bySum,
  }
}
