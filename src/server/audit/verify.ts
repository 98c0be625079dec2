// Verifies the audit chains: walks every chained table's chains in seq order (a table's chains side by side), recomputes
// each hash from the stored row, checks the head, and reports the first broken row per chain and the rows that belong
// to no chain.
import { createHash } from 'node:crypto'
import type { Db, Queryable } from '../db/db'
import type { AuditReport, ChainBreak, ChainReport, RecordedHead, TableReport } from '../../contract/audit'
import { CHAINED_TABLES, type ChainedTable } from './tables'

const ZERO = Buffer.alloc(32)
const BATCH = 2000
const IDENT = /^[a-z_][a-z0-9_]*$/

interface Head { seq: number; hash: Buffer }
interface Row { id: string; chain: string; chain_seq: number | string; chain_hash: Uint8Array | null; content: Uint8Array }

const buf = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength)
const sha256 = (...parts: Buffer[]) => {
  const h = createHash('sha256')
  for (const p of parts) h.update(p)
  return h.digest()
}

/** hash_n = sha256(hash_{n-1} || sha256(content_n)); the same rule as audit_chain_next in SQL. */
export const chainHash = (prev: Buffer, content: Buffer) => sha256(prev, sha256(content))

/** One chain being walked: what it should see next and its first break. */
class Walk {
  rows = 0
  prev = ZERO
  next = 1
  broken: ChainBreak | null = null
  /**
   * `foreign`: the table that already holds this chain (a chain lives in one table only); `recorded`: hashes an
   * auditor kept from earlier runs, by seq (a tail recomputed after a rewrite no longer matches them).
   */
  constructor(readonly table: string, readonly chain: string, readonly head: Head | undefined, readonly foreign?: string,
    readonly recorded = new Map<number, Buffer>()) {}

  private fail(id: string | null, seq: number | null, problem: string) {
    this.broken ??= { table: this.table, id, chain: this.chain, seq, problem }
  }

  see(r: Row) {
    this.rows += 1
    if (this.broken) return
    const seq = Number(r.chain_seq)
    if (this.foreign) return this.fail(r.id, seq, `该链属于表 ${this.foreign}：链外插入的记录`)
    if (!this.head) return this.fail(r.id, seq, '没有链头：该链的记录不是经由应用写入的')
    if (seq > this.head.seq) return this.fail(r.id, seq, `序号超过链头（${this.head.seq}）：链外插入的记录`)
    if (seq < this.next) return this.fail(r.id, seq, `序号应为 ${this.next}：链外插入或改动过序号的记录`)
    if (seq !== this.next) {
      const gap = seq - 1 === this.next ? `${this.next}` : `${this.next}–${seq - 1}`
      return this.fail(r.id, seq, `缺少序号 ${gap}：此前的记录被删除`)
    }
    const hash = chainHash(this.prev, buf(r.content))
    if (!r.chain_hash || !hash.equals(buf(r.chain_hash))) return this.fail(r.id, seq, '哈希不符：记录内容被修改，或与前一条记录接不上')
    if (seq === this.head.seq && !hash.equals(this.head.hash)) return this.fail(r.id, seq, '与链头的哈希不符')
    const kept = this.recorded.get(seq)
    if (kept && !hash.equals(kept)) return this.fail(r.id, seq, '与另行保存的链头不符：这条及之前的记录被改写，整段链尾被重算')
    this.prev = hash
    this.next += 1
  }

  report(): ChainReport {
    if (!this.broken && this.head && this.next - 1 < this.head.seq) {
      const gap = this.next === this.head.seq ? `${this.head.seq}` : `${this.next}–${this.head.seq}`
      this.fail(null, this.next, `链尾缺少序号 ${gap}：最后的记录被删除`)
    }
    const beyond = Math.max(0, ...this.recorded.keys())
    if (!this.broken && beyond >= this.next) this.fail(null, beyond, `链短于另行保存的链头（序号 ${beyond}）：记录被删除，链头被改写`)
    const head = this.head ? { seq: this.head.seq, hash: this.head.hash.toString('hex') } : null
    return { table: this.table, chain: this.chain, rows: this.rows, head, break: this.broken }
  }
}

async function unchained(q: Queryable, t: ChainedTable): Promise<TableReport> {
  const r = (await q.query<{ n: number; ids: string[] | null }>(
    `select count(*)::int as n, (array_agg(id::text order by id))[1:10] as ids from ${t.table} where chain is null or chain_seq is null`)).rows[0]
  return { table: t.table, unchained: r.n, unchained_ids: r.ids ?? [] }
}

type Kept = Map<string, Map<number, Buffer>>

/**
 * Walks one table's chains together, in (chain_seq, chain) order (its unique key's order, which leads with the seq: see
 * migration 035), each chain's rows reaching its own Walk in seq order; the reports come out by chain name.
 */
async function walkTable(q: Queryable, t: ChainedTable, heads: Map<string, Head>, owner: Map<string, string>, kept: Kept, out: ChainReport[]) {
  const sql = `select id::text as id, chain, chain_seq, chain_hash, ${t.content}(t) as content from ${t.table} t
    where chain is not null and chain_seq is not null and ($1::bigint is null or (chain_seq, chain) > ($1::bigint, $2::text))
    order by chain_seq, chain limit ${BATCH}`
  const walks = new Map<string, Walk>()
  let after: [number | null, string | null] = [null, null]
  for (;;) {
    const rows = (await q.query<Row>(sql, after)).rows
    for (const r of rows) {
      let walk = walks.get(r.chain)
      if (!walk) {
        walk = new Walk(t.table, r.chain, heads.get(r.chain), owner.get(r.chain), kept.get(r.chain))
        walks.set(r.chain, walk)
        if (!walk.foreign) owner.set(r.chain, t.table)
      }
      walk.see(r)
    }
    if (rows.length < BATCH) break
    const last = rows[rows.length - 1]
    after = [Number(last.chain_seq), last.chain]
  }
  for (const chain of [...walks.keys()].sort()) out.push(walks.get(chain)!.report())
}

export interface VerifyOptions {
  tables?: ChainedTable[]
  /** Heads printed by earlier runs and kept elsewhere: each must still be the hash at its seq. */
  recorded?: RecordedHead[]
}

/** Verifies every declared chained table in one read-only snapshot (writers may go on meanwhile). */
export async function verifyAudit(db: Db, { tables = CHAINED_TABLES, recorded = [] }: VerifyOptions = {}): Promise<AuditReport> {
  for (const t of tables) if (!IDENT.test(t.table) || !IDENT.test(t.content)) throw new Error(`bad chained table declaration ${t.table}`)
  return db.tx(async (q) => {
    await q.query('set transaction isolation level repeatable read, read only')
    const heads = new Map<string, Head>()
    for (const h of (await q.query<{ chain: string; seq: number | string; hash: Uint8Array }>('select chain, seq, hash from audit_heads')).rows) {
      heads.set(h.chain, { seq: Number(h.seq), hash: buf(h.hash) })
    }
    const kept: Kept = new Map()
    for (const h of recorded) {
      if (!kept.has(h.chain)) kept.set(h.chain, new Map())
      kept.get(h.chain)!.set(h.seq, Buffer.from(h.hash, 'hex'))
    }
    const owner = new Map<string, string>()
    const chains: ChainReport[] = []
    const reports: TableReport[] = []
    for (const t of tables) {
      reports.push(await unchained(q, t))
      await walkTable(q, t, heads, owner, kept, chains)
    }
    const orphans: ChainBreak[] = [...heads].filter(([chain]) => !owner.has(chain)).map(([chain, h]) => ({
      table: '', id: null, chain, seq: h.seq, problem: `链头序号 ${h.seq}，但没有该链的任何记录`,
    }))
    for (const [chain, seqs] of kept) {
      if (!owner.has(chain) && !heads.has(chain)) {
        orphans.push({ table: '', id: null, chain, seq: Math.max(...seqs.keys()), problem: '另行保存的链已不存在：整条链被删除' })
      }
    }
    const ok = chains.every((c) => !c.break) && reports.every((r) => r.unchained === 0) && orphans.length === 0
    const checked_at = (await q.query<{ t: string }>(`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as t`)).rows[0].t
    return { ok, checked_at, tables: reports, chains, orphans, recorded: recorded.length }
  })
}
