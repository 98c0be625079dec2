// Benchmark money: balance changes through the ledger's own set-based batch (so every invariant and the audit chain
// hold), spread over the history: per member a recharge, then stakes, payouts and a withdrawal request within it.
import type { Db } from '../db/db'
import { many } from '../db/db'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import { transferBatch, type BatchLeg } from '../ledger/ledger'
import { rng } from '../sim/rng'
import type { BenchSection } from './section'

const LEGS = 10_000

export const ledgerSection: BenchSection = {
  name: 'changes',
  options: { changes: 50_000 },
  async run(db: Db, o) {
    const total = o.counts.changes
    if (!total) return
    const ids = (await many<{ id: number }>(db, 'select id from members where product = $1 and kind = 0 order by id', [o.product])).map((r) => r.id)
    if (!ids.length) throw new Error('bench:data changes needs members first')
    const r = rng(o.seed + 1)
    const batches = Math.ceil(total / LEGS)
    const run = `${Date.now().toString(36)}`
    o.log(`changes: ${total} balance changes in ${batches} batches`)
    for (let b = 0; b < batches; b++) {
      const legs: BatchLeg[] = []
      const want = Math.min(LEGS, total - b * LEGS)
      while (legs.length < want) {
        const m = ids[r.int(0, ids.length - 1)]
        const k = `bench:${run}:${b}:${legs.length}`
        const recharge = r.int(100, 50_000) * 100
        legs.push({ key: `${k}:r`, from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: m }, amount: recharge, type: TRANSFER.recharge, ref: `R${k}` })
        let left = recharge
        for (let i = r.int(0, 4); i > 0 && legs.length < want && left > 200; i--) {
          const stake = r.int(1, Math.floor(left / 2))
          left -= stake
          legs.push({ key: `${k}:b${i}`, from: { kind: KIND.available, owner: m }, to: { kind: KIND.gaming }, amount: stake, type: TRANSFER.bet })
          if (r.chance(0.45) && legs.length < want) {
            const payout = Math.floor((stake * 198) / 100)
            left += payout
            legs.push({ key: `${k}:p${i}`, from: { kind: KIND.gaming }, to: { kind: KIND.available, owner: m }, amount: payout, type: TRANSFER.payout })
          }
        }
        if (r.chance(0.2) && legs.length < want && left > 100) {
          legs.push({ key: `${k}:w`, from: { kind: KIND.available, owner: m }, to: { kind: KIND.frozen, owner: m }, amount: Math.floor(left / 2), type: TRANSFER.withdraw })
        }
      }
      const at = new Date(Date.now() - o.days * 86_400_000 * (1 - (b + 1) / (batches + 1)))
      await db.tx((tx) => transferBatch(tx, o.product, MONEY.real, legs, { at }))
      if (b % 10 === 9 || b === batches - 1) o.log(`  changes batch ${b + 1}/${batches}`)
    }
    await db.exec('analyze ledger_transfers; analyze balance_changes; analyze ledger_accounts')
  },
}
