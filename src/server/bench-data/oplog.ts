// Benchmark operation log (`--oplogs N`): the product's admins' writes and sensitive reads over the history, in time
// order, each row chained in one of the product's strands as writeOperation chains it (every strand continuing from
// its head), so audit:verify passes and the log's list and deep pages are measured at volume.
import type { Db } from '../db/db'
import { one } from '../db/db'
import { OPLOG_STRANDS } from '../db/constants'
import { oplogChain } from '../oplog/oplog'
import { createChainRun } from '../audit/chain-run'
import type { BenchSection } from './section'
import { API } from '../../contract/api'
import { rnd } from './stage'

/** The user agent of every row. */
const UA = 'Mozilla/5.0 (bench)'

/** What an admin does (each row picks one evenly): the declared endpoints whose calls are logged, each with its action. */
const OPS = [
  API.member.edit, API.ledger.check, API.withdraw.edit, API.recharge.edit, API.giftmoney.create, API.member.create,
  API.draws.edit, API.playway.edit, API.card.delete, API.exportJob.create, API.level.edit, API.card.create,
].map((e) => [e.action, e.url] as const)

export const oplogSection: BenchSection = {
  name: 'oplogs',
  tables: [],
  options: { oplogs: 20_000 },
  async run(db: Db, o) {
    const total = o.counts.oplogs
    if (!total) return
    const admins = (await db.query<{ id: number; username: string }>(
      'select id, username from admins where product = $1 or product is null order by id', [o.product])).rows
    if (!admins.length) throw new Error('bench:data oplogs needs an admin')
    o.log(`oplogs: ${total} operation log rows by ${admins.length} admins`)
    const s = o.seed + 70
    await db.tx(async (tx) => {
      await tx.query(`set local work_mem = '256MB'`)
      const base = Number((await one<{ n: string }>(tx, `select nextval('operation_logs_id_seq') - 1 as n`))!.n)
      await tx.query(`select setval('operation_logs_id_seq', $1::bigint)`, [base + total])
      // The rows first (their content is hashed in id order by chain_run, then written with their chain hashes).
      await tx.query(
        `create temp table bench_oplog on commit drop as
         with r as (
           select $2::bigint + g as id, (g % ${OPLOG_STRANDS})::int as strand, $1 || ':' || (g % ${OPLOG_STRANDS}) as chain,
                  ($5::int[])[1 + ${rnd('g', s)} % array_length($5::int[], 1)] as admin_i,
                  1 + ${rnd('g', s + 1)} % ${OPS.length} as op,
                  $3::timestamptz + make_interval(secs => $4::float8 * (g - 1 + ${rnd('g', s + 2)} % 1000 / 1000.0) / $7::int) as at,
                  (1 + ${rnd('g', s + 3)} % greatest(1, $8::int))::text as target, g
             from generate_series(1, $7::int) g
         )
         select r.id, r.strand, r.chain, r.at, array[r.target] as target_ids, ($5::int[])[admin_i] as admin_id,
                ($6::text[])[admin_i] as admin_name, ($9::text[])[op] as action, ($10::text[])[op] as path,
                case when ($9::text[])[op] in ('U', 'D') then jsonb_build_object('status', 1, 'remark', '') end as before,
                case when ($9::text[])[op] in ('C', 'U') then jsonb_build_object('status', r.g % 2, 'remark', '基准数据') end as after,
                '10.' || (r.g % 250) || '.' || (r.g / 250 % 250) || '.9' as ip
           from r`,
        [oplogChain(o.product), base, o.start, o.span, admins.map((a) => a.id), admins.map((a) => a.username), total,
          o.members(), OPS.map(([a]) => a), OPS.map(([, p]) => p)])
      await createChainRun(tx)
      const hashed = `select strand, sha256(operation_log_content(chain, id, admin_id, admin_name, $1, action, path, target_ids, before, after,
        ip, '${UA}', at)) from bench_oplog order by id`
      // The heads as two arrays by strand (a strand not yet written starts at 0 and 32 zero bytes), read once; a row's
      // place in its strand follows from its id (consecutive ids go round the strands).
      const written = await tx.query(
        `with h as (select array_agg(coalesce(a.seq, 0) order by k) as seq, array_agg(coalesce(a.hash, decode(repeat('00', 32), 'hex')) order by k) as hash
                      from generate_series(0, ${OPLOG_STRANDS - 1}) k left join audit_heads a on a.chain = $2 || ':' || k)
         insert into operation_logs (id, admin_id, admin_name, product, action, path, target_ids, before, after, ip, user_agent,
                                     created_at, chain, chain_seq, chain_hash)
         select o.id, o.admin_id, o.admin_name, $1::text, o.action, o.path, o.target_ids, o.before, o.after, o.ip, '${UA}', o.at, o.chain,
                (select seq from h)[o.strand + 1] + (o.id - $3 - 1) / ${OPLOG_STRANDS} + 1, x.hash
           from bench_oplog o
           join unnest(pg_temp.chain_run((select hash from h), $4, $1, $3, $3)) with ordinality x(hash, n) on x.n = o.id - $3`,
        [o.product, oplogChain(o.product), base, hashed])
      if (written.rowCount !== total) throw new Error(`bench:data oplogs: ${written.rowCount} of ${total} rows were chained`)
      // Each strand's head moves to its last row, which is among the last ${OPLOG_STRANDS} ids (they are consecutive).
      await tx.query(
        `insert into audit_heads as h (chain, seq, hash)
         select chain, chain_seq, chain_hash from operation_logs where id > greatest($1::bigint, $2::bigint - ${OPLOG_STRANDS}) and id <= $2
         on conflict (chain) do update set seq = excluded.seq, hash = excluded.hash`, [base, base + total])
    })
    return total
  },
}
