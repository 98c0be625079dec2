// Sums of recharges and withdrawals per status from finance_totals (kept by the database with every insert and
// status change): exact at any size for the unfiltered list and a status filter; other filters count within budget.
import type { Db, Queryable } from '../db/db'
import { many } from '../db/db'
import type { Totals, Where } from '../db/paging'
import type { FilterCtx } from '../db/list'
import { centsText } from '../../contract/money'
import type { MoneyStat } from '../../contract/finance'

export const WHAT = { recharge: 1, withdraw: 2 } as const

interface StatusSum { status: number; n: number; amount: number | string; fee: number | string }

export async function statusSums(db: Queryable, product: string, what: number): Promise<StatusSum[]> {
  return many<StatusSum>(db,
    `select status, sum(n)::bigint as n, sum(amount)::bigint as amount, sum(fee)::bigint as fee from finance_totals
      where product = $1 and what = $2 group by status`, [product, what])
}

/** money_stat {total, success, pending, failed} (and fee for withdrawals) from per-status sums. */
export function moneyStat(sums: StatusSum[], only?: number): MoneyStat & { fee: string; n: number } {
  const pick = (s: number) => sums.find((x) => x.status === s && (only === undefined || only === s))
  const amount = (s: number) => BigInt(pick(s)?.amount ?? 0)
  const all = [1, 2, 3].map(amount).reduce((a, b) => a + b, 0n)
  return {
    total: centsText(all), success: centsText(amount(1)), pending: centsText(amount(3)), failed: centsText(amount(2)),
    fee: centsText([1, 2, 3].map((s) => BigInt(pick(s)?.fee ?? 0)).reduce((a, b) => a + b, 0n)),
    n: [1, 2, 3].reduce((n, s) => n + Number(pick(s)?.n ?? 0), 0),
  }
}

/** SQL sums of a filtered set of the table aliased `r` (a list's `sums`). */
export const MONEY_SUMS = `cents_text(coalesce(sum(r.amount), 0)) as total,
  cents_text(coalesce(sum(r.amount) filter (where r.status = 1), 0)) as success,
  cents_text(coalesce(sum(r.amount) filter (where r.status = 3), 0)) as pending,
  cents_text(coalesce(sum(r.amount) filter (where r.status = 2), 0)) as failed`

/**
 * A declared list's totals from the rollup when only the product (and at most a status) is filtered; null otherwise
 * (the list then counts within its budget).
 */
export function rollupTotals(what: number) {
  return async (db: Db, w: Where, q: { status?: number }, f: FilterCtx & { baseOnly: boolean }): Promise<Totals<object> | null> => {
    const onlyStatus = q.status !== undefined && w.parts.length === 2 && !w.timed
    if (!f.baseOnly && !onlyStatus) return null
    const { n, fee, ...stat } = moneyStat(await statusSums(db, f.product, what), onlyStatus ? q.status : undefined)
    return { total: n, total_exact: true, stats: what === WHAT.withdraw ? { ...stat, fee } : stat }
  }
}
