// The audit chain of the operation log: concurrent writers leave it whole; an edited, deleted, forged or reordered row
// is named by the verifier (the function, the 审计校验 route and the printed report), and the head check's limit.
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { writeOperation } from '../../src/server/oplog/oplog'
import { chainHash, verifyAudit } from '../../src/server/audit/verify'
import { formatReport } from '../../src/server/audit/print'
import { behindTheBack, betaChain, brokenChains, chainOf, entry, who } from './audit-chain'

const onPg = !!inject('pgTemplate')
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

describe('writing', () => {
  it('chains every logged write, also many at once, and verifies', async () => {
    const ips = Array.from({ length: 40 }, (_, i) => `10.9.${i}.1`)
    const answers = await Promise.all([
      ...ips.map((ip) => t.post('/api/syswhitelist/create', token, { ip })),
      // Two logins at a time per account: an account's concurrent attempts are capped by the login throttle.
      ...['caiwu', 'kefu', 'yunying', 'alpha_admin'].flatMap((u) => [t.login(u), t.login(u)]),
    ])
    expect(answers.filter((a) => typeof a !== 'string' && a.code !== 200)).toEqual([])
    const total = Number((await t.db.query<any>('select count(*) as n from operation_logs')).rows[0].n)
    expect(total).toBe(1 + 40 + 8)
    const r = await verifyAudit(t.db)
    expect(r).toMatchObject({ ok: true, orphans: [] })
    expect(r.tables.find((x) => x.table === 'operation_logs')).toMatchObject({ unchained: 0 })
    const logChains = r.chains.filter((c) => c.table === 'operation_logs')
    expect(logChains.reduce((n, c) => n + c.rows, 0)).toBe(total)
    // Strands of the current product (login and whitelist rows are alpha's); each head sits on its last row.
    for (const c of logChains) {
      expect(c.chain).toMatch(/^oplog:alpha:[0-7]$/)
      expect(c.head!.seq).toBe(c.rows)
    }
  })

  it.runIf(onPg)('keeps one head whole while writers on several connections queue on it', async () => {
    const writers = 4 // the test pool holds 5 connections: one stays free to watch the others wait
    let holder = true
    await Promise.all(Array.from({ length: writers }, (_, i) => t.db.tx(async (tx) => {
      await writeOperation(tx, who(), entry(i), 1)
      if (!holder) return
      holder = false
      // The first to advance the head keeps it locked until every other writer is waiting for that lock.
      for (;;) {
        const waiting = await t.db.query<any>(`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like '%audit_chain_next%'`)
        if (waiting.rows[0].n === writers - 1) break
        await new Promise((r) => setImmediate(r))
      }
    })))
    const seqs = (await t.db.query<any>(`select chain_seq from operation_logs where chain = 'oplog:beta:0' order by chain_seq`)).rows
    expect(seqs.map((s) => Number(s.chain_seq))).toEqual([1, 2, 3, 4])
    expect(chainOf(await verifyAudit(t.db), 'oplog:beta:0')).toMatchObject({ rows: 4, head: { seq: 4 }, break: null })
  })

  it('hashes the same bytes whatever the session time zone and date style; null differs from empty text', async () => {
    const [id] = await betaChain(t.db, 1)
    const content = (tz: string) => t.db.tx(async (tx) => {
      await tx.query(`select set_config('timezone', $1, true), set_config('datestyle', 'SQL, DMY', true)`, [tz])
      return Buffer.from((await tx.query<any>('select operation_log_content(l) as c from operation_logs l where id = $1', [id])).rows[0].c)
    })
    expect((await content('Pacific/Chatham')).equals(await content('UTC'))).toBe(true)
    const bytes = async (product: string | null) => Buffer.from((await t.db.query<any>(
      `select operation_log_content('c', 1, null, '', $1, 'C', '/p', '{}', null, null, '', '', now()) as c`, [product])).rows[0].c)
    expect((await bytes(null)).equals(await bytes(''))).toBe(false)
  })

  it('refuses a chained row that is not the next one of its chain (no fork)', async () => {
    await betaChain(t.db, 2)
    const forked = t.db.query(`insert into operation_logs (admin_name, action, path, chain, chain_seq, chain_hash)
      values ('x', 'C', '/p', 'oplog:beta:0', 2, '\\x00')`)
    await expect(forked).rejects.toThrow(/operation_logs_chain_seq/)
  })
})

describe('tampering', () => {
  it('names the row whose after was changed with the trigger switched off', async () => {
    const ids = await betaChain(t.db)
    await behindTheBack(t.db, `update operation_logs set after = '{"n": 999}' where id = $1`, [ids[2]])
    const r = await verifyAudit(t.db)
    expect(r.ok).toBe(false)
    expect(brokenChains(r)).toEqual(['oplog:beta:0'])
    expect(chainOf(r, 'oplog:beta:0').break).toMatchObject({ table: 'operation_logs', id: String(ids[2]), seq: 3, problem: expect.stringContaining('哈希不符') })
  })

  it('names the missing tail, the row after a deleted one, and a head left without rows', async () => {
    const ids = await betaChain(t.db)
    await behindTheBack(t.db, 'delete from operation_logs where id = $1', [ids[4]])
    let r = await verifyAudit(t.db)
    expect(r.ok).toBe(false)
    expect(chainOf(r, 'oplog:beta:0').break).toMatchObject({ id: null, seq: 5, problem: expect.stringContaining('链尾缺少序号 5') })
    await behindTheBack(t.db, 'delete from operation_logs where id = $1', [ids[1]])
    r = await verifyAudit(t.db)
    expect(chainOf(r, 'oplog:beta:0').break).toMatchObject({ id: String(ids[2]), seq: 3, problem: expect.stringContaining('缺少序号 2') })
    await behindTheBack(t.db, 'delete from operation_logs where id = any($1::bigint[])', [ids])
    r = await verifyAudit(t.db)
    expect(r.ok).toBe(false)
    expect(r.orphans).toEqual([expect.objectContaining({ chain: 'oplog:beta:0', id: null, seq: 5 })])
  })

  it('names a forged row: one without a chain, and one claiming the next place with a correct hash', async () => {
    const ids = await betaChain(t.db)
    const raw = await t.db.query<any>(`insert into operation_logs (admin_name, product, action, path) values ('ghost', 'beta', 'D', '/api/x') returning id`)
    let r = await verifyAudit(t.db)
    expect(r.ok).toBe(false)
    expect(r.tables.find((x) => x.table === 'operation_logs')).toMatchObject({ unchained: 1, unchained_ids: [String(raw.rows[0].id)] })
    expect(brokenChains(r)).toEqual([])

    // Someone who can compute SHA-256 appends a row with the right hash but cannot move the head without it showing.
    const head = chainOf(r, 'oplog:beta:0').head!
    await behindTheBack(t.db, 'delete from operation_logs where id = $1', [raw.rows[0].id])
    const id = Number((await t.db.query<any>(`select nextval('operation_logs_id_seq') as id`)).rows[0].id)
    const content = Buffer.from((await t.db.query<any>(`select operation_log_content('oplog:beta:0', $1, null, 'ghost', 'beta', 'D', '/api/x',
      '{}', null, null, '', '', '2024-01-01 00:00:00+00') as c`, [id])).rows[0].c)
    const hash = chainHash(Buffer.from(head.hash, 'hex'), content)
    await t.db.query(`insert into operation_logs (id, admin_name, product, action, path, created_at, chain, chain_seq, chain_hash)
      values ($1, 'ghost', 'beta', 'D', '/api/x', '2024-01-01 00:00:00+00', 'oplog:beta:0', 6, $2)`, [id, hash])
    r = await verifyAudit(t.db)
    expect(chainOf(r, 'oplog:beta:0').break).toMatchObject({ id: String(id), seq: 6, problem: expect.stringContaining('超过链头') })

    // Moving the head as well makes the chain add up again: only a head recorded elsewhere shows the difference.
    await t.db.query(`update audit_heads set seq = 6, hash = $1 where chain = 'oplog:beta:0'`, [hash])
    r = await verifyAudit(t.db)
    expect(r.ok).toBe(true)
    expect(chainOf(r, 'oplog:beta:0').head).not.toEqual(head)
    expect(head).toMatchObject({ seq: ids.length })
  })

  it('names the first row of two whose places were swapped', async () => {
    const ids = await betaChain(t.db)
    await behindTheBack(t.db, `update operation_logs set chain_seq = -chain_seq where id = any($1::bigint[])`, [[ids[1], ids[3]]])
    await behindTheBack(t.db, `update operation_logs set chain_seq = case id when $1 then 4 else 2 end where id = any($2::bigint[])`, [ids[1], [ids[1], ids[3]]])
    const r = await verifyAudit(t.db)
    expect(chainOf(r, 'oplog:beta:0').break).toMatchObject({ id: String(ids[3]), seq: 2, problem: expect.stringContaining('哈希不符') })
  })

  it('walks chains side by side past one page of rows, and names a break on the later page', async () => {
    // Two chains of 1,100 rows each: in the verifier's (seq, chain) order they alternate, over more than one page (2,000).
    const write = (product: string) => t.db.tx(async (tx) => { for (let i = 0; i < 1100; i++) await writeOperation(tx, who(product), entry(i), 1) })
    await write('beta')
    await write('alpha')
    const late = Number((await t.db.query<any>(`select id from operation_logs where chain = 'oplog:beta:0' and chain_seq = 1050`)).rows[0].id)
    let r = await verifyAudit(t.db)
    expect(r.ok).toBe(true)
    const alphaRows = Number((await t.db.query<any>(`select count(*) as n from operation_logs where chain = 'oplog:alpha:0'`)).rows[0].n)
    expect(chainOf(r, 'oplog:alpha:0')).toMatchObject({ rows: alphaRows, head: { seq: alphaRows }, break: null })
    expect(chainOf(r, 'oplog:beta:0')).toMatchObject({ rows: 1100, head: { seq: 1100 }, break: null })
    // The reports come out by chain name, whatever order the rows were walked in.
    const names = r.chains.filter((c) => c.table === 'operation_logs').map((c) => c.chain)
    expect(names).toEqual([...names].sort())

    await behindTheBack(t.db, `update operation_logs set after = '{"n": -1}' where id = $1`, [late])
    r = await verifyAudit(t.db)
    expect(brokenChains(r)).toEqual(['oplog:beta:0'])
    expect(chainOf(r, 'oplog:beta:0')).toMatchObject({ rows: 1100, break: { id: String(late), seq: 1050, problem: expect.stringContaining('哈希不符') } })
    expect(chainOf(r, 'oplog:alpha:0').break).toBeNull()
  })

  it('names a forged row placed before the first one of a chain', async () => {
    await betaChain(t.db, 2)
    const raw = await t.db.query<any>(`insert into operation_logs (admin_name, action, path, chain, chain_seq, chain_hash)
      values ('ghost', 'D', '/api/x', 'oplog:beta:0', 0, '\\x00') returning id`)
    expect(chainOf(await verifyAudit(t.db), 'oplog:beta:0').break)
      .toMatchObject({ id: String(raw.rows[0].id), seq: 0, problem: expect.stringContaining('序号应为 1') })
  })
})

describe('审计校验 (route and printed report)', () => {
  it('answers super admins only, refused on the server to everyone else', async () => {
    const ok = await t.get('/api/audit/verify', token)
    expect(ok.code).toBe(200)
    expect(ok.data).toMatchObject({ ok: true, tables: expect.arrayContaining([{ table: 'operation_logs', unchained: 0, unchained_ids: [] }]) })
    expect(ok.data.chains[0].head.hash).toMatch(/^[0-9a-f]{64}$/)
    expect((await t.get('/api/audit/verify', await t.login('caiwu'))).status).toBe(403)
    expect((await t.get('/api/audit/verify', await t.login('alpha_admin'))).status).toBe(403)
    expect((await t.get('/api/audit/verify')).status).toBe(401)
  })

  it('shows the break through the route and prints every head and the break', async () => {
    const ids = await betaChain(t.db, 3)
    await behindTheBack(t.db, `update operation_logs set before = null where id = $1`, [ids[0]])
    const r = await t.get('/api/audit/verify', token)
    expect(r.data.ok).toBe(false)
    expect(r.data.chains.find((c: any) => c.chain === 'oplog:beta:0').break).toMatchObject({ id: String(ids[0]), seq: 1 })
    const text = formatReport(r.data, 'PGlite test')
    for (const c of r.data.chains) expect(text).toContain(c.head.hash)
    expect(text).toContain(`链 oplog:beta:0，id ${ids[0]}，序号 1：哈希不符`)
    expect(text).toMatch(/结果：未通过（1 处断裂/)
    await behindTheBack(t.db, 'delete from operation_logs where id = any($1::bigint[])', [ids])
    await t.db.query(`delete from audit_heads where chain = 'oplog:beta:0'`)
    expect(formatReport(await verifyAudit(t.db), 'x')).toContain('结果：通过')
  })
})
