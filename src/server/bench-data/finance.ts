// Benchmark recharges and withdrawals (`--recharges N --withdrawals N`): the records by INSERT … SELECT, spread over the
// history after each member's registration, and their money staged as the finance rules move it (a confirmed recharge
// credits and consumes its merchant's quota; a withdrawal request freezes, then is paid with its fee or refunded). A
// withdrawing member is given the money first, so nothing is refused.
import type { Db, Queryable } from '../db/db'
import { one } from '../db/db'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import { PRODUCT_TZ } from '../db/constants'
import { createMerchant } from '../merchant/merchant-store'
import { moveQuota } from '../merchant/quota'
import type { BenchOptions, BenchSection } from './section'
import { fund, memberAt, rnd, SESSION } from './stage'

/** Withdrawal fee, percent (finance's default setting), as basis points: feeOf(amount, '0.50'). */
const FEE_BP = 50

async function merchants(db: Db, product: string, n: number, run: string): Promise<number[]> {
  const out: number[] = []
  for (let i = 1; i <= n; i++) {
    await db.tx(async (tx) => {
      const m = await createMerchant(tx, product, { code: `BENCH${run}M${i}`, name: `基准商户${i}`, status: 1 })
      await moveQuota(tx, product, { merchant_id: m.id, type: 21, amount: 10_000_000_000_000, remark: '基准额度', admin: 'bench', key: `bench:${run}:${m.id}` })
      out.push(m.id)
    })
  }
  return out
}

/** Ids base+1 … base+n taken from a table's sequence. */
async function reserve(db: Queryable, seq: string, n: number): Promise<number> {
  const base = Number((await one<{ n: string }>(db, `select nextval('${seq}') - 1 as n`))!.n)
  await db.query(`select setval('${seq}', $1::bigint)`, [base + n])
  return base
}

/** The records' times: the g-th of n evenly over the history (jittered), moved after the member's registration. */
const spread = (o: BenchOptions, salt: number) => `
  g as (select g, $2::timestamptz + make_interval(secs => $3::float8 * (g - 1 + ${rnd('g', salt)} % 1000 / 1000.0) / $4::int) as t from generate_series(1, $4::int) g),
  x as (select g.g, $5::bigint + g.g as id, greatest(g.t, bm.created_at + interval '60 seconds') as at, g.t, bm.id as m
          from g join bench_members bm on bm.n = ${memberAt('g.t', 'g.g', salt + 1, '$2::timestamptz', '$3', '$6')})`

const orderNo = (prefix: string) => `'${prefix}' || to_char(at at time zone '${PRODUCT_TZ}', 'YYYYMMDD') || lpad(id::text, 8, '0')`

export const financeSection: BenchSection = {
  name: 'finance',
  tables: ['recharges', 'withdrawals'],
  options: { recharges: 20_000, withdrawals: 20_000, merchants: 5 },
  async run(db: Db, o) {
    const nr = o.counts.recharges
    const nw = o.counts.withdrawals
    if (!nr && !nw) return
    const n = o.members()
    if (!n) throw new Error('bench:data finance needs members first')
    const merchantIds = await merchants(db, o.product, o.counts.merchants, o.run)
    o.log(`finance: ${nr} recharges, ${nw} withdrawals, ${merchantIds.length} merchants`)
    const late = new Date(o.start.getTime() + o.span * 970)
    const s = o.seed + 20
    const r0 = await reserve(db, 'recharges_id_seq', nr)
    await db.query(
      `with ${spread(o, s)},
       r as (select x.*, (10 + ${rnd('g', s + 2)} % 4991) * 1000 as amount, ${rnd('g', s + 3)} % 100 < 25 as wallet,
                    case when x.t > $7 and ${rnd('g', s + 4)} % 100 < 20 then 3 when ${rnd('g', s + 5)} % 100 < 7 then 2 else 1 end as st,
                    case when cardinality($8::int[]) > 0 and ${rnd('g', s + 6)} % 100 < 30
                         then ($8::int[])[1 + ${rnd('g', s + 7)} % greatest(1, cardinality($8::int[]))] end as mc
               from x)
       insert into recharges (id, product, order_no, member_id, amount, pay_method, source, status, merchant_id, payer, admin, remark, created_at, confirmed_at)
       select id, $1, ${orderNo('R')}, m, amount, case when wallet then 2 else 1 end, case when wallet then 4 else 0 end, st, mc, '',
              case when st = 3 then '' else 'bench' end, case when st = 2 then '超时未支付' else '' end, at,
              case when st <> 3 then at + interval '120 seconds' end
         from r`,
      [o.product, o.start, o.span, nr, r0, n, late, merchantIds])
    // Read by id range below: planned from statistics (a sequential scan), not from the default guess of a narrow range.
    await db.exec('analyze recharges')
    await db.query(
      `insert into bench_legs (at, sess, step, money, from_kind, from_owner, to_kind, to_owner, amount, type, key, ref, remark)
       select confirmed_at, ${SESSION.recharges} + id, 1, ${MONEY.real}, ${KIND.cashIn}, null, ${KIND.available}, member_id, amount,
              case when source = 4 then ${TRANSFER.walletRecharge} else ${TRANSFER.recharge} end, 'recharge:' || id || ':confirm', order_no, '充值到账'
         from recharges where id > $1 and id <= $2 and status = 1
       union all
       select confirmed_at, ${SESSION.recharges} + id, 2, ${MONEY.quota}, ${KIND.quota}, merchant_id, ${KIND.platformQuota}, null, amount,
              ${TRANSFER.quotaReduce}, 'recharge:' || id || ':quota', order_no, '充值消耗'
         from recharges where id > $1 and id <= $2 and status = 1 and merchant_id is not null`, [r0, r0 + nr])

    const w0 = await reserve(db, 'withdrawals_id_seq', nw)
    await db.query(
      `with ${spread(o, s + 10)},
       w as (select x.*, (100 + ${rnd('g', s + 12)} % 4901) * 100 as amount, ${rnd('g', s + 13)} % 100 < 80 as card,
                    case when x.t > $7 and ${rnd('g', s + 14)} % 100 < 20 then 3 when ${rnd('g', s + 15)} % 100 < 9 then 2 else 1 end as st
               from x)
       insert into withdrawals (id, product, order_no, member_id, amount, fee, pay_method, bank_name, card_no, holder, chain, address, status,
                                admin, remark, created_at, reviewed_at)
       select id, $1, ${orderNo('W')}, m, amount, (amount * ${FEE_BP} + 5000) / 10000, case when card then 1 else 2 end,
              case when card then '招商银行' else '' end, case when card then '6222' || lpad(m::text, 12, '0') else '' end,
              case when card then '持卡人' else '' end, case when card then '' else 'TRC20' end,
              case when card then '' else 'T' || lpad(m::text, 33, 'x') end, st,
              case when st = 3 then '' else 'bench' end, case when st = 2 then '银行卡信息有误' else '' end, at,
              case when st <> 3 then at + interval '600 seconds' end
         from w`,
      [o.product, o.start, o.span, nw, w0, n, late])
    await db.exec('analyze withdrawals')
    await fund(db, o.run, 'withdrawals', 'select member_id, amount from withdrawals where id > $2 and id <= $3', [w0, w0 + nw])
    const { available: A, frozen: F } = KIND
    await db.query(
      `insert into bench_legs (at, sess, step, money, from_kind, from_owner, to_kind, to_owner, amount, type, key, ref, remark)
       select created_at, ${SESSION.withdrawals} + id, 1, 0, ${A}, member_id, ${F}, member_id, amount, ${TRANSFER.withdraw},
              'withdraw:' || id || ':request', order_no, '提现申请' from withdrawals where id > $1 and id <= $2
       union all
       select reviewed_at, ${SESSION.withdrawals} + id, 2, 0, ${F}, member_id, ${KIND.cashOut}, null, amount - fee, ${TRANSFER.withdrawPaid},
              'withdraw:' || id || ':paid', order_no, '提现出款' from withdrawals where id > $1 and id <= $2 and status = 1
       union all
       select reviewed_at, ${SESSION.withdrawals} + id, 3, 0, ${F}, member_id, ${KIND.fees}, null, fee, ${TRANSFER.withdrawFee},
              'withdraw:' || id || ':fee', order_no, '提现手续费' from withdrawals where id > $1 and id <= $2 and status = 1 and fee > 0
       union all
       select reviewed_at, ${SESSION.withdrawals} + id, 2, 0, ${F}, member_id, ${A}, member_id, amount, ${TRANSFER.withdrawRefund},
              'withdraw:' || id || ':reject', order_no, '银行卡信息有误' from withdrawals where id > $1 and id <= $2 and status = 2`, [w0, w0 + nw])
    await db.query(
      `update members m set total_recharge = m.total_recharge + d.r, total_withdraw = m.total_withdraw + d.w
         from (select member_id, sum(r)::bigint as r, sum(w)::bigint as w from (
                 select member_id, amount as r, 0 as w from recharges where id > $1 and id <= $2 and status = 1
                 union all select member_id, 0, amount from withdrawals where id > $3 and id <= $4 and status = 1) t group by member_id) d
        where m.id = d.member_id`, [r0, r0 + nr, w0, w0 + nw])
    return nr + nw
  },
}
