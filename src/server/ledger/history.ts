// The ledger's set-based posting of a history (the benchmark data's load): legs staged in a table, each with its own
// time, are written in time order, in chunks, exactly as the ledger functions would have: transfer ids in time order,
// accounts' balances and the house slots, every member's 账变 and merchant's bill with before/after from a running
// window sum, and the strands' hash chains (sha256(previous ‖ sha256(content))) from each strand's head, one loop over
// each chunk. It is the ledger's one other writer beside ledger_transfer and ledger_transfer_batch, for a product
// nothing else writes to while it runs; `npm run ledger:check` and `audit:verify` check what it wrote like any other.
import type { Db, Queryable } from '../db/db'
import { one } from '../db/db'
import { STRANDS } from '../db/constants'
import { createChainRun } from '../audit/chain-run'

/** Legs a chunk posts (bounds the sorts of one transaction). */
const CHUNK_LEGS = 1_000_000

/**
 * Posts every leg staged in `bench_legs` (at, sess, step, money, from_kind, from_owner, to_kind, to_owner, amount, type,
 * key, ref, remark; legs of one instant in session and step order), in time order, chunk by chunk; `progress` hears
 * the legs done so far. Answers the transfers written; the legs stay in `bench_t` with their transfer ids (id, at,
 * money, key, from_account, to_account, from_kind, from_owner, to_kind, to_owner, amount, type, ref, remark) until the
 * caller drops it.
 *
 * Each leg first gets its transfer id (time order) and its two accounts, in `bench_t`. Then two streams walk the
 * chunks in order: the transfers with their hash chains (each chunk starts from the strands' heads the previous one
 * left), and the owned accounts' 账变 and bills, whose balances before each movement were first computed over the
 * whole history at once (`bench_f`: a running window sum per account from its balance before the load), so no chunk
 * waits for another's balances; the accounts' balances are moved once at the end. Neither stream reads what the other
 * writes, so with `parallel` (PostgreSQL, the load's foreign keys dropped) they run at once on two connections;
 * otherwise a chunk's transfers go before its 账变. `written` hears the tables each stream finished, as it finishes.
 */
export async function postHistory(db: Db, product: string, progress: (done: number, total: number) => void,
  opts: { parallel?: boolean; chunkLegs?: number; written?: (tables: string[]) => Promise<void> } = {}): Promise<{ total: number }> {
  const written = opts.written ?? (async () => {})
  const chunkLegs = opts.chunkLegs ?? CHUNK_LEGS
  const total = Number((await one<{ n: number }>(db, 'select count(*)::bigint as n from bench_legs'))!.n)
  if (!total) return { total: 0 }
  // House accounts are opened on first use (the legs' few pairs of kinds grouped in one pass, then their house sides),
  // strand heads exist (the chain starts from each head).
  await db.query(`select ledger_account($1, k.money, k.kind, null) from (
      select distinct money, kind from (select money, from_kind, to_kind from bench_legs group by 1, 2, 3) l
       cross join lateral (values (l.from_kind), (l.to_kind)) s(kind) where kind >= 10) k`, [product])
  await db.query(`insert into audit_heads (chain, seq, hash) select 'ledger:' || $1 || ':' || s, 0, decode(repeat('00', 32), 'hex')
      from generate_series(0, ${STRANDS - 1}) s on conflict do nothing`, [product])
  // Planned from statistics (a parallel join and sort on PostgreSQL), not from a guess about a table just filled.
  await db.exec('analyze bench_legs')
  const base = await db.tx(async (tx) => {
    await tx.query(`set local work_mem = '256MB'`)
    const b = Number((await one<{ n: string }>(tx, `select nextval('ledger_transfers_id_seq') - 1 as n`))!.n)
    await tx.exec('drop table if exists bench_t')
    await tx.query(`create unlogged table bench_t as
      select ($2::bigint + row_number() over (order by l.at, l.sess, l.step))::bigint as id, l.at, l.money, l.key, fa.id as from_account,
             ta.id as to_account, l.from_kind, l.from_owner, l.to_kind, l.to_owner, l.amount, l.type, l.ref, l.remark
        from bench_legs l
        join ledger_accounts fa on fa.product = $1 and fa.money = l.money and fa.kind = l.from_kind and coalesce(fa.owner_id, 0) = coalesce(l.from_owner, 0)
        join ledger_accounts ta on ta.product = $1 and ta.money = l.money and ta.kind = l.to_kind and coalesce(ta.owner_id, 0) = coalesce(l.to_owner, 0)`,
      [product, b])
    const n = Number((await one<{ n: number }>(tx, 'select count(*)::bigint as n from bench_t'))!.n)
    if (n !== total) throw new Error(`ledger history: ${total - n} legs name an account that does not exist`)
    await tx.query(`select setval('ledger_transfers_id_seq', $1::bigint)`, [b + total])
    // Written in id order (the window's), so a block range index finds a chunk's id range.
    await tx.exec('create index on bench_t using brin (id); analyze bench_t')
    return b
  })
  const fast = await plainText(db)
  const chunks = Array.from({ length: Math.ceil(total / chunkLegs) }, (_, k) => [base + k * chunkLegs, base + Math.min(total, (k + 1) * chunkLegs)])
  const inTx = (fn: (tx: Queryable) => Promise<void>) => db.tx(async (tx) => { await tx.query(`set local work_mem = '256MB'`); await fn(tx) })
  const each = (post: (tx: Queryable, lo: number, hi: number) => Promise<void>, k: number) => inTx((tx) => post(tx, chunks[k][0], chunks[k][1]))
  const transfers = (tx: Queryable, lo: number, hi: number) => postTransfers(tx, product, lo, hi, fast)
  const balances = (tx: Queryable, lo: number, hi: number) => postBalances(tx, product, lo, hi)
  if (opts.parallel) {
    const done = [0, 0]
    const stream = async (post: typeof transfers, i: number) => {
      for (let k = 0; k < chunks.length; k++) {
        await each(post, k)
        done[i] = chunks[k][1] - base
        progress(Math.min(done[0], done[1]), total)
      }
    }
    await Promise.all([stream(transfers, 0).then(() => written(TRANSFER_TABLES)), (async () => {
      await inTx(flowsBefore)
      await stream(balances, 1)
      await inTx((tx) => moveBalances(tx, product))
      await written(BALANCE_TABLES)
    })()])
  } else {
    await inTx(flowsBefore)
    for (let k = 0; k < chunks.length; k++) {
      await each(transfers, k)
      await each(balances, k)
      progress(chunks[k][1] - base, total)
    }
    await inTx((tx) => moveBalances(tx, product))
    await written([...TRANSFER_TABLES, ...BALANCE_TABLES])
  }
  await db.exec('drop table bench_f')
  return { total }
}

/** What each stream writes: the caller hears when each set is complete (`written`). */
const TRANSFER_TABLES = ['ledger_transfers', 'audit_heads']
const BALANCE_TABLES = ['balance_changes', 'merchant_bills', 'ledger_slots', 'ledger_accounts']

/** A transfer's canonical bytes (005-ledger's ledger_transfer_content) for a row of the chunk (t: bench_t with its strand's chain). */
const CONTENT = `ledger_transfer_content(t.chain, t.id, $1, t.money, t.key, t.from_account, t.to_account, t.amount, t.type, t.ref, t.remark, '', t.at)`
/**
 * The same bytes written out (jsonb's text of that array) without building a jsonb per row: valid while no text needs
 * escaping, which plainText checks over all legs; each chunk's first rows are compared with the function itself.
 */
const FAST_CONTENT = `convert_to('["ledger_transfers/1", "' || t.chain || '", ' || t.id || ', "' || $1 || '", ' || t.money || ', "' || t.key || '", '
  || t.from_account || ', ' || t.to_account || ', ' || t.amount || ', ' || t.type || ', "' || t.ref || '", "' || t.remark || '", "", "'
  || to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '"]', 'UTF8')`

async function plainText(db: Queryable): Promise<boolean> {
  const bad = await one<{ n: number }>(db, `select count(*)::int as n from bench_t where key || ref || remark ~ '["\\\\[:cntrl:]]'`)
  return bad!.n === 0
}

/** The chunk's legs: transfer ids in ($2, $3], each with its strand (the id's residue, as the ledger's own transfers use the transaction's) and chain. */
const CHUNK = '(select * from bench_t where id > $2 and id <= $3)'
const STRAND_CHUNK = `(select c.*, (c.id % ${STRANDS})::int as strand, 'ledger:' || $1 || ':' || (c.id % ${STRANDS}) as chain
  from bench_t c where c.id > $2 and c.id <= $3)`

/**
 * A chunk's transfers, their hashes chained from each strand's head by one loop over the chunk in id order (chain_run);
 * each transfer's place in its strand follows from its id, the chunk's ids being consecutive. In the same statement
 * each head moves to its strand's last transfer of the chunk (among the chunk's last ${STRANDS} ids), from the hashes
 * themselves: the transfers are not read back (during a load they have no primary key to find them by).
 */
async function postTransfers(tx: Queryable, product: string, lo: number, hi: number, fast: boolean): Promise<void> {
  await createChainRun(tx)
  const hashed = `select t.strand, sha256(${fast ? FAST_CONTENT : CONTENT}) from ${STRAND_CHUNK} t order by t.id`
  // The heads as two arrays by strand, each read once (an InitPlan); the chunk's hashes as one array, made once.
  const made = await one<{ n: number | null }>(tx, `with h as (select array_agg(a.seq order by s) as seq, array_agg(a.hash order by s) as hash
                   from generate_series(0, ${STRANDS - 1}) s join audit_heads a on a.chain = 'ledger:' || $1 || ':' || s),
    x as materialized (select pg_temp.chain_run((select hash from h), $4, $1, $2, $3) as a),
    written as (insert into ledger_transfers (id, product, money, key, from_account, to_account, amount, type, ref, remark, admin, created_at,
                                  chain, chain_seq, chain_hash)
      select t.id, $1, t.money, t.key, t.from_account, t.to_account, t.amount, t.type, t.ref, t.remark, '', t.at, t.chain,
             (select seq from h)[t.strand + 1] + (t.id - $2 - 1) / ${STRANDS} + 1, u.hash
        from ${STRAND_CHUNK} t join unnest((select a from x)) with ordinality u(hash, n) on u.n = t.id - $2),
    tail as (select s, $3::bigint - ($3::bigint - s) % ${STRANDS} as id from generate_series(0, ${STRANDS - 1}) s),
    heads as (update audit_heads a set seq = (select seq from h)[l.s + 1] + (l.id - $2 - 1) / ${STRANDS} + 1,
                                       hash = (select a from x)[(l.id - $2)::int]
      from tail l where l.id > $2 and a.chain = 'ledger:' || $1 || ':' || l.s)
    select array_length(a, 1) as n from x`,
  [product, lo, hi, hashed])
  // The join pairs a hash with its transfer by position: the chunk's ids are consecutive (bench_t's row numbers), so one
  // hash for each of them is every transfer written.
  if ((made!.n ?? 0) !== hi - lo) throw new Error(`ledger history: ${made!.n ?? 0} of ${hi - lo} transfers of a chunk were chained`)
  // The first rows written out are compared with the function itself.
  const differ = await one<{ n: number }>(tx, `select count(*)::int as n from ${STRAND_CHUNK} t
     where t.id <= least($3, $2 + 20) and ${FAST_CONTENT} <> ${CONTENT}`, [product, lo, hi])
  if (differ!.n) throw new Error('ledger history: the written-out transfer content differs from ledger_transfer_content')
}

/**
 * Every movement of an owned account (kind < 10) with its balance before it: the account's balance before the load plus
 * the running sum of its earlier movements (an account is on one side of a leg at most), in transfer order. Only
 * accounts holding money are joined (in a fresh load, none: no hash of millions of accounts).
 */
async function flowsBefore(tx: Queryable): Promise<void> {
  await tx.exec('drop table if exists bench_f')
  // The running sum in bigint (sum() of bigint is numeric, made and added per row), over a frame of rows (a range frame
  // looks for peers of each row): the window took 4.7 s of the 7.8 million movements' 20 s, now 1.8 s. int8pl fails on
  // overflow, as the ledger's own arithmetic does.
  await tx.exec('create or replace aggregate pg_temp.running_sum(bigint) (sfunc = int8pl, stype = bigint)')
  await tx.exec(`create unlogged table bench_f as
    select f.*, coalesce(a.balance, 0) + pg_temp.running_sum(f.delta) over (partition by f.account order by f.id rows unbounded preceding) - f.delta as before from (
      select id, money, from_kind as kind, from_owner as owner, from_account as account, -amount as delta, type, ref, remark, at, 0 as side
        from bench_t where from_kind < 10
      union all
      select id, money, to_kind, to_owner, to_account, amount, type, ref, remark, at, 1 from bench_t where to_kind < 10) f
    left join (select id, balance from ledger_accounts where balance <> 0) a on a.id = f.account
    order by f.id, f.side`)
  await tx.exec('create index on bench_f using brin (id); analyze bench_f')
}

/** A chunk's 账变 and bills in transfer order, and the house slots' sums. */
async function postBalances(tx: Queryable, product: string, lo: number, hi: number): Promise<void> {
  const flows = (kind: number) => `(select * from bench_f where id > $2 and id <= $3 and kind = ${kind})`
  await tx.query(`insert into balance_changes (product, money, member_id, account_id, transfer_id, type, amount, before, after, ref, remark, created_at)
    select $1, money, owner, account, id, type, delta, before, before + delta, ref, remark, at from ${flows(1)} x order by id, side`, [product, lo, hi])
  await tx.query(`insert into merchant_bills (product, merchant_id, account_id, transfer_id, type, amount, before, after, ref, remark, admin, created_at)
    select $1, owner, account, id, type, abs(delta), before, before + delta, ref, remark, '', at from ${flows(4)} x order by id, side`, [product, lo, hi])
  await tx.query(`insert into ledger_slots as s (product, money, kind, slot, balance)
    select $1, money, kind, 0, sum(delta) from (
      select money, from_kind as kind, -amount as delta from ${CHUNK} c union all select money, to_kind, amount from ${CHUNK} c) x
     group by money, kind having sum(delta) <> 0
    on conflict (product, money, kind, slot) do update set balance = s.balance + excluded.balance`, [product, lo, hi])
}

/** The owned accounts' balances, moved once by all their movements. */
async function moveBalances(tx: Queryable, product: string): Promise<void> {
  await tx.query(`update ledger_accounts a set balance = a.balance + d.delta, moved = true
      from (select account, sum(delta) as delta from bench_f group by account) d
     where a.id = d.account and a.product = $1`, [product])
}
