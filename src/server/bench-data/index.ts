// `npm run bench:data -- --members 1000000 --changes 5000000`: fills a database with benchmark data, section by
// section (each area adds its own to SECTIONS), every invariant kept so ledger:check and audit:verify pass.
import type { Db } from '../db/db'
import type { BenchSection } from './section'
import { membersSection } from './members'
import { ledgerSection } from './ledger'
import { rebuildReports } from '../report/recompute'
import { financeSection } from './finance'
import { lotterySection } from './lottery'
import { investSection } from './invest'

export const SECTIONS: BenchSection[] = [membersSection, ledgerSection, financeSection, lotterySection, investSection]

export async function fillBenchData(db: Db, args: string[], log = (m: string) => console.log(m)): Promise<void> {
  const flags = new Map<string, string>()
  for (let i = 0; i < args.length; i++) if (args[i].startsWith('--')) flags.set(args[i].slice(2), args[i + 1] ?? '')
  const counts: Record<string, number> = {}
  for (const s of SECTIONS) for (const [k, v] of Object.entries(s.options)) counts[k] = flags.has(k) ? Number(flags.get(k)) : v
  const only = flags.get('only')?.split(',')
  const o = { product: flags.get('product') ?? 'alpha', counts, days: Number(flags.get('days') ?? 90), seed: Number(flags.get('seed') ?? 7), log }
  for (const s of SECTIONS) {
    if (only && !only.includes(s.name)) continue
    const t = Date.now()
    await s.run(db, o)
    log(`${s.name} done in ${Date.now() - t} ms`)
  }
  // Bulk rows (members inserted by SQL) bypass the registration rollup: rebuild the product's report from the records.
  const t = Date.now()
  const r = await db.tx((tx) => rebuildReports(tx, o.product))
  log(`report rollups rebuilt (${r.members} members over ${r.days} days) in ${Date.now() - t} ms`)
}
