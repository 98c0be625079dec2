// Benchmark recharges and withdrawals (`--recharges N --withdrawals N`): records by bulk SQL, their money through the
// ledger's own batch (confirmations, freezes, payouts, fees, refunds, merchant quota consumed), spread over the history,
// so ledger:check and audit:verify pass. Members' balances are followed here, so no withdrawal exceeds what is there.
import type { Db, Queryable } from '../db/db'
import { many, one } from '../db/db'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import { transferBatch, type BatchLeg } from '../ledger/ledger'
import { feeOf } from '../finance/common'
import { createMerchant } from '../merchant/merchant-store'
import { moveQuota } from '../merchant/quota'
import { rng, type Rng } from '../sim/rng'
import type { BenchSection } from './section'

const PER_BATCH = 5_000

const day = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '')
const orderNo = (prefix: string, id: number, at: Date) => `${prefix}${day(at)}${String(id).padStart(8, '0')}`

async function ids(db: Queryable, seq: string, n: number): Promise<number[]> {
  return (await many<{ id: number }>(db, `select nextval('${seq}')::bigint as id from generate_series(1, $1)`, [n])).map((r) => Number(r.id))
}

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

interface Batch {
  recharges: unknown[][]
  withdrawals: unknown[][]
  legs: BatchLeg[]
  quota: BatchLeg[]
  totals: Map<number, [number, number]>
}

function plan(r: Rng, o: { members: number[]; balance: Float64Array; merchantIds: number[]; rIds: number[]; wIds: number[]; from: Date; to: Date; late: boolean }): Batch {
  const b: Batch = { recharges: [], withdrawals: [], legs: [], quota: [], totals: new Map() }
  const when = () => new Date(o.from.getTime() + r.next() * (o.to.getTime() - o.from.getTime()))
  const add = (m: number, recharge: number, withdraw: number) => {
    const t = b.totals.get(m) ?? [0, 0]
    b.totals.set(m, [t[0] + recharge, t[1] + withdraw])
  }
  const credited: number[] = []
  for (const id of o.rIds) {
    const i = r.int(0, o.members.length - 1)
    const m = o.members[i]
    const amount = r.int(10, 5_000) * 1_000
    const wallet = r.chance(0.25)
    const status = o.late && r.chance(0.2) ? 3 : r.chance(0.07) ? 2 : 1
    const merchant = o.merchantIds.length && r.chance(0.3) ? o.merchantIds[r.int(0, o.merchantIds.length - 1)] : null
    const at = when()
    const no = orderNo('R', id, at)
    b.recharges.push([id, no, m, amount, wallet ? 2 : 1, wallet ? 4 : 0, status, merchant, at.toISOString(), status === 3 ? null : new Date(at.getTime() + 120_000).toISOString()])
    if (status !== 1) continue
    b.legs.push({ key: `recharge:${id}:confirm`, from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: m }, amount,
      type: wallet ? TRANSFER.walletRecharge : TRANSFER.recharge, ref: no, remark: '充值到账' })
    if (merchant) b.quota.push({ key: `recharge:${id}:quota`, from: { kind: KIND.quota, owner: merchant }, to: { kind: KIND.platformQuota }, amount, type: TRANSFER.quotaReduce, ref: no, remark: '充值消耗' })
    o.balance[i] += amount
    credited.push(i)
    add(m, amount, 0)
  }
  const paid: BatchLeg[] = []
  // Refunds run after every request of the batch: the balance they return counts from the next batch on.
  const refunds: [number, number][] = []
  for (const id of o.wIds) {
    let i = r.int(0, o.members.length - 1)
    if (o.balance[i] < 20_000 && credited.length) i = credited[r.int(0, credited.length - 1)]
    if (o.balance[i] < 20_000) continue
    const m = o.members[i]
    const amount = Math.max(10_000, Math.floor((o.balance[i] * r.int(10, 80)) / 100 / 100) * 100)
    const fee = feeOf(amount, '0.50')
    const status = o.late && r.chance(0.2) ? 3 : r.chance(0.09) ? 2 : 1
    const at = when()
    const no = orderNo('W', id, at)
    const card = r.chance(0.8)
    b.withdrawals.push([id, no, m, amount, fee, card ? 1 : 2, card ? '招商银行' : '', card ? `6222${String(m).padStart(12, '0')}` : '', card ? '持卡人' : '',
      card ? '' : 'TRC20', card ? '' : `T${String(m).padStart(33, 'x')}`, status, at.toISOString(), status === 3 ? null : new Date(at.getTime() + 600_000).toISOString()])
    b.legs.push({ key: `withdraw:${id}:request`, from: { kind: KIND.available, owner: m }, to: { kind: KIND.frozen, owner: m }, amount, type: TRANSFER.withdraw, ref: no, remark: '提现申请' })
    o.balance[i] -= amount
    if (status === 1) {
      paid.push({ key: `withdraw:${id}:paid`, from: { kind: KIND.frozen, owner: m }, to: { kind: KIND.cashOut }, amount: amount - fee, type: TRANSFER.withdrawPaid, ref: no, remark: '提现出款' })
      if (fee) paid.push({ key: `withdraw:${id}:fee`, from: { kind: KIND.frozen, owner: m }, to: { kind: KIND.fees }, amount: fee, type: TRANSFER.withdrawFee, ref: no, remark: '提现手续费' })
      add(m, 0, amount)
    } else if (status === 2) {
      paid.push({ key: `withdraw:${id}:reject`, from: { kind: KIND.frozen, owner: m }, to: { kind: KIND.available, owner: m }, amount, type: TRANSFER.withdrawRefund, ref: no, remark: '银行卡信息有误' })
      refunds.push([i, amount])
    }
  }
  for (const [i, amount] of refunds) o.balance[i] += amount
  b.legs.push(...paid)
  return b
}

async function write(tx: Queryable, product: string, b: Batch, at: Date): Promise<void> {
  const col = (rows: unknown[][], i: number) => rows.map((x) => x[i])
  if (b.recharges.length) {
    const R = b.recharges
    await tx.query(
      `insert into recharges (id, product, order_no, member_id, amount, pay_method, source, status, merchant_id, payer, admin, remark, created_at, confirmed_at)
       select u.id, $1, u.no, u.m, u.amount, u.pm, u.src, u.st, u.mc, '', case when u.st = 3 then '' else 'bench' end,
              case when u.st = 2 then '超时未支付' else '' end, u.at, u.conf
         from unnest($2::bigint[], $3::text[], $4::int[], $5::bigint[], $6::smallint[], $7::smallint[], $8::smallint[], $9::int[], $10::timestamptz[], $11::timestamptz[])
              as u(id, no, m, amount, pm, src, st, mc, at, conf)`,
      [product, ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => col(R, i))])
  }
  if (b.withdrawals.length) {
    const W = b.withdrawals
    await tx.query(
      `insert into withdrawals (id, product, order_no, member_id, amount, fee, pay_method, bank_name, card_no, holder, chain, address, status,
                                admin, remark, created_at, reviewed_at)
       select u.id, $1, u.no, u.m, u.amount, u.fee, u.pm, u.bank, u.card, u.holder, u.chain, u.addr, u.st,
              case when u.st = 3 then '' else 'bench' end, case when u.st = 2 then '银行卡信息有误' else '' end, u.at, u.rev
         from unnest($2::bigint[], $3::text[], $4::int[], $5::bigint[], $6::bigint[], $7::smallint[], $8::text[], $9::text[], $10::text[],
                     $11::text[], $12::text[], $13::smallint[], $14::timestamptz[], $15::timestamptz[])
              as u(id, no, m, amount, fee, pm, bank, card, holder, chain, addr, st, at, rev)`,
      [product, ...Array.from({ length: 14 }, (_, i) => col(W, i))])
  }
  await transferBatch(tx, product, MONEY.real, b.legs, { at, admin: 'bench' })
  await transferBatch(tx, product, MONEY.quota, b.quota, { at, admin: 'bench' })
  const t = [...b.totals.entries()]
  if (t.length) {
    await tx.query(
      `update members m set total_recharge = m.total_recharge + d.r, total_withdraw = m.total_withdraw + d.w
         from unnest($1::int[], $2::bigint[], $3::bigint[]) as d(id, r, w) where m.id = d.id`,
      [t.map((x) => x[0]), t.map((x) => x[1][0]), t.map((x) => x[1][1])])
  }
}

export const financeSection: BenchSection = {
  name: 'finance',
  options: { recharges: 20_000, withdrawals: 20_000, merchants: 5 },
  async run(db: Db, o) {
    const nr = o.counts.recharges
    const nw = o.counts.withdrawals
    if (!nr && !nw) return
    const members = (await many<{ id: number }>(db, 'select id from members where product = $1 and kind = 0 order by id', [o.product])).map((x) => x.id)
    if (!members.length) throw new Error('bench:data finance needs members first')
    const run = Date.now().toString(36).toUpperCase()
    const merchantIds = await merchants(db, o.product, o.counts.merchants, run)
    const balance = new Float64Array(members.length)
    const r = rng(o.seed + 3)
    const batches = Math.max(1, Math.ceil(Math.max(nr, nw) / PER_BATCH))
    const span = o.days * 86_400_000
    const start = Date.now() - span
    o.log(`finance: ${nr} recharges, ${nw} withdrawals in ${batches} batches, ${merchantIds.length} merchants`)
    for (let k = 0; k < batches; k++) {
      const from = new Date(start + (span * k) / batches)
      const to = new Date(start + (span * (k + 1)) / batches - 1)
      const wantR = Math.min(PER_BATCH, Math.max(0, nr - k * PER_BATCH))
      const wantW = Math.min(PER_BATCH, Math.max(0, nw - k * PER_BATCH))
      await db.tx(async (tx) => {
        const b = plan(r, { members, balance, merchantIds, rIds: await ids(tx, 'recharges_id_seq', wantR), wIds: await ids(tx, 'withdrawals_id_seq', wantW),
          from, to, late: k >= batches * 0.97 })
        await write(tx, o.product, b, to)
      })
      if (k % 20 === 19 || k === batches - 1) o.log(`  finance batch ${k + 1}/${batches}`)
    }
    const n = await one<{ r: number; w: number }>(db, `select (select count(*) from recharges where product = $1)::int as r,
      (select count(*) from withdrawals where product = $1)::int as w`, [o.product])
    o.log(`  recharges ${n!.r}, withdrawals ${n!.w}`)
    for (const table of ['recharges', 'withdrawals', 'ledger_transfers', 'balance_changes', 'merchant_bills', 'ledger_accounts']) await db.query(`analyze ${table}`)
  },
}
