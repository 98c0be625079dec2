// The ledger's set-based posting of a history (the benchmark data's load): legs staged in a table, each with its own
// time, are written in time order, in chunks, exactly as the ledger functions would have: transfer ids in time order,
// accounts' balances and the house slots, every member's 账变 and merchant's bill with before/after from a running
// window sum, and the strands' hash chains as a running aggregate (sha256(previous ‖ sha256(content))) from each
// strand's head. It is the ledger's one other writer beside ledger_transfer and ledger_transfer_batch, for a product
// nothing else writes to while it runs; `npm run ledger:check` and `audit:verify` check what it wrote like any other.
import type { Db, Queryable } from '../db/db'
import { one } from '../db/db'
import { STRANDS } from '../db/constants'

/** Legs a chunk posts (bounds the sorts of one transaction). */
const CHUNK_LEGS = 1_000_000

/**
 * Posts every leg staged in `bench_legs` (at, sess, step, money, from_kind, from_owner, to_kind, to_owner, amount, type,
 * key, ref, remark; legs of one instant in session and step order), in time order, chunk by chunk; `progress` hears
 * the legs done so far. Answers the transfers written.
 */
export async function postHistory(db: Db, product: string, progress: (done: number, total: number) => void): Promise<number> {
  const total = Number((await one<{ n: number }>(db, 'select count(*)::bigint as n from bench_legs'))!.n)
  if (!total) return 0
  await db.exec('create index on bench_legs (at); analyze bench_legs')
  // House accounts are opened on first use, strand heads exist (the chain starts from each head).
  await db.query(`select ledger_account($1, k.money, k.kind, null) from (
      select distinct money, from_kind as kind from bench_legs where from_kind >= 10
      union select distinct money, to_kind from bench_legs where to_kind >= 10) k`, [product])
  await db.query(`insert into audit_heads (chain, seq, hash) select 'ledger:' || $1 || ':' || s, 0, decode(repeat('00', 32), 'hex')
      from generate_series(0, ${STRANDS - 1}) s on conflict do nothing`, [product])
  const chunks = Math.max(1, Math.ceil(total / CHUNK_LEGS))
  // Chunk edges at quantiles of time, so each holds about CHUNK_LEGS legs.
  const cuts = [...new Set((await db.query<{ at: string }>(
    `select min(at)::text as at from (select at, ntile($1) over (order by at) as q from bench_legs) x group by q order by 1`, [chunks])).rows.map((r) => r.at))]
  let done = 0
  for (let c = 0; c < cuts.length; c++) {
    const lo = cuts[c]
    const hi = cuts[c + 1] ?? null
    done += await db.tx((tx) => postChunk(tx, product, lo, hi))
    progress(done, total)
  }
  return done
}

/** A transfer's canonical bytes (005-ledger's ledger_transfer_content) for a row of bench_t on strand head h. */
const CONTENT = `ledger_transfer_content(h.chain, t.id, $1, t.money, t.key, t.from_account, t.to_account, t.amount, t.type, t.ref, t.remark, '', t.at)`
/**
 * The same bytes written out (jsonb's text of that array) without building a jsonb per row: valid while no text needs
 * escaping, which plainText checks per chunk; the chunk's first rows are compared with the function itself.
 */
const FAST_CONTENT = `convert_to('["ledger_transfers/1", "' || h.chain || '", ' || t.id || ', "' || $1 || '", ' || t.money || ', "' || t.key || '", '
  || t.from_account || ', ' || t.to_account || ', ' || t.amount || ', ' || t.type || ', "' || t.ref || '", "' || t.remark || '", "", "'
  || to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '"]', 'UTF8')`

async function plainText(tx: Queryable): Promise<boolean> {
  const bad = await one<{ n: number }>(tx, `select count(*)::int as n from bench_t where key || ref || remark ~ '["\\\\[:cntrl:]]'`)
  return bad!.n === 0
}

async function postChunk(tx: Queryable, product: string, lo: string, hi: string | null): Promise<number> {
  await tx.query(`set local work_mem = '256MB'`)
  await tx.query(`create or replace function pg_temp.bench_chain_step(s bytea, head bytea, c bytea) returns bytea
    language plpgsql immutable as $f$ begin return sha256(coalesce(s, head) || c); end $f$`)
  await tx.query('create or replace aggregate pg_temp.bench_chain(bytea, bytea) (sfunc = pg_temp.bench_chain_step, stype = bytea)')
  const base = Number((await one<{ n: string }>(tx, `select nextval('ledger_transfers_id_seq') - 1 as n`))!.n)
  await tx.query(`create temp table bench_t on commit drop as
    select ($2::bigint + row_number() over (order by l.at, l.sess, l.step))::bigint as id, l.at, l.money, l.key, fa.id as from_account,
           ta.id as to_account, l.from_kind, l.from_owner, l.to_kind, l.to_owner, l.amount, l.type, l.ref, l.remark
      from bench_legs l
      join ledger_accounts fa on fa.product = $1 and fa.money = l.money and fa.kind = l.from_kind and coalesce(fa.owner_id, 0) = coalesce(l.from_owner, 0)
      join ledger_accounts ta on ta.product = $1 and ta.money = l.money and ta.kind = l.to_kind and coalesce(ta.owner_id, 0) = coalesce(l.to_owner, 0)
     where l.at >= $3::timestamptz and ($4::timestamptz is null or l.at < $4::timestamptz)`, [product, base, lo, hi])
  const n = Number((await one<{ n: number }>(tx, 'select count(*)::int as n from bench_t'))!.n)
  const staged = Number((await one<{ n: number }>(tx,
    'select count(*)::int as n from bench_legs where at >= $1::timestamptz and ($2::timestamptz is null or at < $2::timestamptz)', [lo, hi]))!.n)
  if (n !== staged) throw new Error(`ledger history: ${staged - n} legs name an account that does not exist`)
  await tx.query(`select setval('ledger_transfers_id_seq', $1::bigint)`, [base + Math.max(n, 1)])
  await tx.query('analyze bench_t')
  await tx.query(`insert into ledger_transfers (id, product, money, key, from_account, to_account, amount, type, ref, remark, admin, created_at,
                                                chain, chain_seq, chain_hash)
    select t.id, $1, t.money, t.key, t.from_account, t.to_account, t.amount, t.type, t.ref, t.remark, '', t.at, h.chain, h.seq + row_number() over w,
           pg_temp.bench_chain(h.hash, sha256(${await plainText(tx) ? FAST_CONTENT : CONTENT})) over w
      from bench_t t join audit_heads h on h.chain = 'ledger:' || $1 || ':' || (t.id % ${STRANDS})
    window w as (partition by h.chain order by t.id)`, [product])
  const differ = await one<{ n: number }>(tx, `select count(*)::int as n from (select * from bench_t order by id limit 20) t
      join audit_heads h on h.chain = 'ledger:' || $1 || ':' || (t.id % ${STRANDS}) where ${FAST_CONTENT} <> ${CONTENT}`, [product])
  if (differ!.n) throw new Error('ledger history: the written-out transfer content differs from ledger_transfer_content')
  // Each strand's head moves to its last transfer of the chunk.
  await tx.query(`update audit_heads h set seq = t.chain_seq, hash = t.chain_hash
      from (select max(id) as id from bench_t group by id % ${STRANDS}) x
      cross join lateral (select chain, chain_seq, chain_hash from ledger_transfers where id = x.id) t
     where h.chain = t.chain`)
  // Owned accounts' movements in transfer order; before = the balance so far plus the running sum of earlier deltas.
  const flows = (kind: number) => `
    select f.*, a.balance + sum(f.delta) over (partition by f.account order by f.id) - f.delta as before from (
      select id, money, from_owner as owner, from_account as account, -amount as delta, type, ref, remark, at, 0 as side from bench_t where from_kind = ${kind}
      union all
      select id, money, to_owner, to_account, amount, type, ref, remark, at, 1 from bench_t where to_kind = ${kind}) f
    join ledger_accounts a on a.id = f.account`
  await tx.query(`insert into balance_changes (product, money, member_id, account_id, transfer_id, type, amount, before, after, ref, remark, created_at)
    select $1, money, owner, account, id, type, delta, before, before + delta, ref, remark, at from (${flows(1)}) x order by id, side`, [product])
  await tx.query(`insert into merchant_bills (product, merchant_id, account_id, transfer_id, type, amount, before, after, ref, remark, admin, created_at)
    select $1, owner, account, id, type, abs(delta), before, before + delta, ref, remark, '', at from (${flows(4)}) x order by id, side`, [product])
  await tx.query(`update ledger_accounts a set balance = a.balance + d.delta
      from (select account, sum(delta) as delta from (
              select from_account as account, -amount as delta from bench_t where from_kind < 10
              union all select to_account, amount from bench_t where to_kind < 10) x group by account) d
     where a.id = d.account`)
  await tx.query(`insert into ledger_slots as s (product, money, kind, slot, balance)
    select $1, money, kind, 0, sum(delta) from (
      select money, from_kind as kind, -amount as delta from bench_t union all select money, to_kind, amount from bench_t) x
     group by money, kind having sum(delta) <> 0
    on conflict (product, money, kind, slot) do update set balance = s.balance + excluded.balance`, [product])
  return n
}
