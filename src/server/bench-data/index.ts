// `npm run bench:data -- --members 1000000 --changes 5000000`: fills a database with benchmark data inside the database,
// section by section (each area adds its own to SECTIONS): records by INSERT … SELECT over generate_series, their
// money staged as ledger legs and posted once in time order by the ledger (ledger/history.ts), the report rebuilt from the
// records, then the indexes made and the tables analysed. Every invariant is kept, so ledger:check and audit:verify pass. Prints rows per second.
import type { Db } from '../db/db'
import { inLanes, type BenchOptions, type BenchSection } from './section'
import { membersSection } from './members'
import { ledgerSection } from './ledger'
import { rebuildReports, transferMoves } from '../report/recompute'
import { financeSection } from './finance'
import { lotterySection } from './lottery'
import { investSection } from './invest'
import { oplogSection } from './oplog'
import { closeStage, openStage, rate, seconds } from './stage'
import { postHistory } from '../ledger/history'
import { dropIndexes, indexBuilder, restoreIndexes, type IndexBuilder } from './indexes'
import { machineReference, REFERENCE_LABEL } from './reference'

/** Members first; the others in this order, the longest first so that two at once finish close together. */
export const SECTIONS: BenchSection[] = [membersSection, lotterySection, ledgerSection, financeSection, investSection, oplogSection]

/**
 * Vacuumed and analysed at the end, as autovacuum leaves a database in use (this machine's server runs without it):
 * the rows the load updated in bulk (members by the report, accounts by their balances, draws by settlement) would
 * otherwise leave a dead version beside nearly every live one, which lists and the planner step over, and the tables
 * it inserted into get their visibility maps, which index-only scans need. Largest first, two at a time on PostgreSQL.
 */
const VACUUM = ['ledger_transfers', 'balance_changes', 'lottery_bets', 'report_member_daily', 'members', 'ledger_accounts', 'recharges',
  'withdrawals', 'operation_logs', 'member_cards', 'merchant_bills', 'lottery_issues', 'invest_plans', 'report_daily', 'report_queue', 'audit_heads', 'ledger_slots']
/** The tables the report rebuild reads (besides the load's own movements in bench_t, analysed when made). */
const REBUILD_READS = ['members', 'ledger_accounts', 'ledger_transfers']

export async function fillBenchData(db: Db, args: string[], log = (m: string) => console.log(m)): Promise<void> {
  const flags = new Map<string, string>()
  for (let i = 0; i < args.length; i++) if (args[i].startsWith('--')) flags.set(args[i].slice(2), args[i + 1] ?? '')
  const counts: Record<string, number> = {}
  for (const s of SECTIONS) for (const [k, v] of Object.entries(s.options)) counts[k] = flags.has(k) ? Number(flags.get(k)) : v
  const only = flags.get('only')?.split(',')
  // Measured before the load, on a quiet database (after it, the server is still writing the load out).
  const reference = await machineReference(db)
  const days = Number(flags.get('days') ?? 90)
  const span = days * 86_400
  const t0 = Date.now()
  const timed = async (name: string, fn: () => Promise<number | void>) => {
    const t = Date.now()
    const n = await fn()
    log(`${name} done: ${typeof n === 'number' ? rate(n, Date.now() - t) : seconds(Date.now() - t)}`)
  }
  let staged = false
  // A big load drops the bulk tables' secondary indexes and makes them again at the end (--indexes drop|keep).
  const volume = Object.values(counts).reduce((a, b) => a + b, 0)
  const drop = flags.get('indexes') === 'drop' || (flags.get('indexes') !== 'keep' && volume >= 1_000_000)
  // More than one connection at once: PostgreSQL, the foreign keys dropped.
  const beside = drop && db.kind === 'pg'
  let members = 0
  const o: BenchOptions = { product: flags.get('product') ?? 'alpha', counts, days, seed: Number(flags.get('seed') ?? 7), log,
    run: Date.now().toString(36), start: new Date(Date.now() - span * 1000), span, lanes: beside ? 2 : 1, members: () => members }
  // On PostgreSQL without the foreign keys, a connection beside the load makes the indexes of each table once it is finished.
  const builder: IndexBuilder = beside ? indexBuilder(db, log) : { finished: () => {}, stop: async () => {}, claimed: new Set() }
  try {
    if (drop) await dropIndexes(db, log)
    const run = SECTIONS.filter((s) => !only || only.includes(s.name))
    if (run.includes(membersSection)) await timed(membersSection.name, () => membersSection.run(db, o))
    const rest = run.filter((s) => s !== membersSection)
    if (rest.length) {
      members = (await openStage(db, o.product)).members
      staged = true
      // The other sections write their own tables and stage legs of their own sessions: in two lanes when they may (one
      // per core), each taking the next when it is done.
      await inLanes(rest, o.lanes, async (s) => {
        await timed(s.name, () => s.run(db, o))
        builder.finished(s.tables)
      })
    }
    // The report is rebuilt from the movements: those before the load as the ledger's tables held them (bench_before),
    // the load's own from bench_t, their accounts' kinds and owners at hand (no join of millions of transfers with their
    // accounts).
    let moves = transferMoves()
    if (staged) {
      const t = Date.now()
      // The movements before the load are kept aside while the transfers hold only those: the load leaves the
      // transfers without their primary key until the end, and finding them afterwards would read every transfer.
      await db.exec('drop table if exists bench_before')
      await db.query(`create unlogged table bench_before as ${transferMoves()}`, [o.product])
      // Two connections at once only without the foreign keys (the 账变 of a chunk may be written before its transfers).
      // A table the report reads is analysed as soon as it is written, before its indexes are made (ANALYZE waits for
      // an index build of its table), so the rebuild is planned from statistics of what was loaded.
      await timed('ledger', async () => {
        const posted = await postHistory(db, o.product, (done, total) => log(`  ledger ${done}/${total} legs · ${rate(done, Date.now() - t)}`), {
          parallel: beside, chunkLegs: flags.has('chunk') ? Number(flags.get('chunk')) : undefined,
          written: async (tables) => {
            for (const x of tables.filter((x) => REBUILD_READS.includes(x))) await db.query(`analyze ${x}`)
            builder.finished(tables)
          },
        })
        if (posted.total) {
          moves = `select * from bench_before
            union all select at, id, type, amount, from_kind, from_owner, to_kind, to_owner from bench_t where money = 0`
        }
        return posted.total
      })
    }
    // Bulk rows bypass the rollups' queue: rebuild the product's report, before members' indexes are made again (it
    // updates every recharging member's row).
    for (const x of staged ? ['members'] : REBUILD_READS) await db.query(`analyze ${x}`)
    await timed('report rollups rebuilt', async () => { await db.tx((tx) => rebuildReports(tx, o.product, moves)) })
  } finally {
    // The whole restore starts at once; the builder's last build ends beside it.
    const settled = builder.stop()
    if (staged) await closeStage(db)
    await timed('indexes', () => restoreIndexes(db, log, { claimed: builder.claimed, settled }))
  }
  await timed('vacuum', () => inLanes(VACUUM, db.kind === 'pg' ? 2 : 1, (t) => db.exec(`vacuum (analyze) ${t}`)))
  log(`bench:data finished in ${seconds(Date.now() - t0)}; ${REFERENCE_LABEL}: ${reference} ms`)
}
