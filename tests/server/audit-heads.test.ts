// Heads kept elsewhere: a tail rewritten with every hash and the head recomputed passes a plain verification (the
// chain's limit) but not one against the heads an earlier run printed (`npm run audit:verify -- --heads <file>`).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { chainHash, verifyAudit } from '../../src/server/audit/verify'
import { formatReport } from '../../src/server/audit/print'
import { parseRecordedHeads } from '../../src/server/audit/recorded'
import { BETA, behindTheBack, betaChain, chainOf } from './audit-chain'

let t: TestApp
beforeEach(async () => { t = await makeApp(); await t.login() })
afterEach(async () => { await t.close() })

/** What an attacker with write access and SHA-256 does: rehash every row of the chain from its stored content, move the head. */
async function recomputeChain() {
  const rows = (await t.db.query<any>(`select id, operation_log_content(l) as c from operation_logs l where chain = $1 order by chain_seq`, [BETA])).rows
  let prev = Buffer.alloc(32)
  for (const r of rows) {
    prev = chainHash(prev, Buffer.from(r.c))
    await behindTheBack(t.db, 'update operation_logs set chain_hash = $2 where id = $1', [r.id, prev])
  }
  await t.db.query('update audit_heads set seq = $2, hash = $3 where chain = $1', [BETA, rows.length, prev])
}

describe('recorded heads', () => {
  it('reads back the heads a run printed', async () => {
    await betaChain(t.db, 3)
    const report = await verifyAudit(t.db)
    const heads = parseRecordedHeads(`${formatReport(report, 'test')}\noplog:x:1 7 ${'ab'.repeat(32)}\n`)
    expect(heads).toEqual([
      ...report.chains.map((c) => ({ chain: c.chain, seq: c.head!.seq, hash: c.head!.hash })),
      { chain: 'oplog:x:1', seq: 7, hash: 'ab'.repeat(32) },
    ])
  })

  it('finds a rewritten tail that the chain alone cannot', async () => {
    const ids = await betaChain(t.db)
    const recorded = parseRecordedHeads(formatReport(await verifyAudit(t.db), 'test'))
    expect((await verifyAudit(t.db, { recorded })).ok).toBe(true)

    await behindTheBack(t.db, `update operation_logs set after = '{"n": 999}' where id = $1`, [ids[2]])
    await recomputeChain()
    expect((await verifyAudit(t.db)).ok).toBe(true)
    const r = await verifyAudit(t.db, { recorded })
    expect(r).toMatchObject({ ok: false, recorded: recorded.length })
    expect(chainOf(r, BETA).break).toMatchObject({ id: String(ids[4]), seq: 5, problem: expect.stringContaining('与另行保存的链头不符') })
    expect(formatReport(r, 'test')).toContain(`已与另行保存的 ${recorded.length} 个链头对比`)
  })

  it('finds a chain cut short with its head moved back, and a chain deleted whole', async () => {
    const ids = await betaChain(t.db)
    const recorded = parseRecordedHeads(formatReport(await verifyAudit(t.db), 'test'))
    await behindTheBack(t.db, 'delete from operation_logs where id = $1', [ids[4]])
    await recomputeChain()
    expect((await verifyAudit(t.db)).ok).toBe(true)
    let r = await verifyAudit(t.db, { recorded })
    expect(chainOf(r, BETA).break).toMatchObject({ id: null, seq: 5, problem: expect.stringContaining('链短于另行保存的链头') })

    await behindTheBack(t.db, 'delete from operation_logs where chain = $1', [BETA])
    await t.db.query('delete from audit_heads where chain = $1', [BETA])
    expect((await verifyAudit(t.db)).ok).toBe(true)
    r = await verifyAudit(t.db, { recorded })
    expect(r.orphans).toEqual([expect.objectContaining({ chain: BETA, seq: 5, problem: expect.stringContaining('整条链被删除') })])
  })
})
