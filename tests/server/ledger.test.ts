// The ledger: a model-based run of random operations against a plain in-memory model, the database's own refusals
// (negative balance, UPDATE, DELETE), set-based batches, the transfers' audit chain, and concurrency on PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { LedgerError, transfer, transferBatch, type Side, type TransferInput } from '../../src/server/ledger/ledger'
import { registerMember } from '../../src/server/member/member-write'
import { checkLedger } from '../../src/server/ledger/check'
import { verifyAudit } from '../../src/server/audit/verify'
import { KIND, MONEY } from '../../src/contract/ledger'
import { rng } from '../../src/server/sim/rng'

let t: TestApp
beforeEach(async () => { t = await makeApp() })
afterEach(async () => { await t.close() })

const P = 'alpha'
const pg = process.env.TEST_DB_KIND === 'pg'
const member = async (name: string) => (await registerMember(t.db, P, { username: name })).id
const move = (x: Omit<TransferInput, 'product' | 'money' | 'type'> & { type?: number }) =>
  t.db.tx((tx) => transfer(tx, { product: P, money: MONEY.real, type: 2, ...x }))
const balance = async (owner: number, kind: number = KIND.available) =>
  Number((await t.db.query<any>('select balance from ledger_accounts where owner_id = $1 and kind = $2', [owner, kind])).rows[0].balance)
const expectOk = async () => {
  const c = await checkLedger(t.db)
  expect(c.lines.filter((l) => !l.ok)).toEqual([])
}

describe('a model-based run', () => {
  it('agrees with an in-memory model after 10,000 random operations, and reconciles', async () => {
    const r = rng(20261122)
    const ids = [await member('m_one'), await member('m_two'), await member('m_three'), await member('m_four')]
    const model = new Map<string, number>()
    const key = (owner: number, kind: number) => `${owner}:${kind}`
    for (const id of ids) for (const k of [1, 2, 3]) model.set(key(id, k), 0)
    const done = new Map<string, { from: string; to: string; amount: number }>()
    let n = 0
    let refused = 0
    let replays = 0
    for (let i = 0; i < 10_000; i++) {
      const id = r.pick(ids)
      const amount = r.int(1, 50_000)
      const op = r.int(0, 5)
      let from: Side
      let to: Side
      if (op === 0) { from = { kind: KIND.cashIn }; to = { kind: KIND.available, owner: id } }
      else if (op === 1) { from = { kind: KIND.available, owner: id }; to = { kind: KIND.gaming } }
      else if (op === 2) { from = { kind: KIND.available, owner: id }; to = { kind: KIND.frozen, owner: id } }
      else if (op === 3) { from = { kind: KIND.frozen, owner: id }; to = { kind: KIND.available, owner: id } }
      else if (op === 4) { from = { kind: KIND.available, owner: id }; to = { kind: KIND.available, owner: r.pick(ids.filter((x) => x !== id)) } }
      else {
        // A retry of an earlier key: with the same content nothing moves; with other content it is refused.
        const earlier = [...done.entries()][r.int(0, Math.max(0, done.size - 1))]
        if (!earlier) continue
        const [k, prev] = earlier
        const [fo, fk] = prev.from.split(':').map(Number)
        const [to2, tk] = prev.to.split(':').map(Number)
        const same = r.chance(0.5)
        try {
          const res = await move({ key: k, from: fk >= 10 ? { kind: fk as never } : { kind: fk as never, owner: fo }, to: tk >= 10 ? { kind: tk as never } : { kind: tk as never, owner: to2 }, amount: same ? prev.amount : prev.amount + 1 })
          expect(same).toBe(true)
          expect(res.replayed).toBe(true)
          replays++
        } catch (e) {
          expect(same).toBe(false)
          expect((e as LedgerError).reason).toBe('keyReused')
        }
        continue
      }
      const k = `model:${i}`
      const fromKey = from.kind >= 10 ? `house:${from.kind}` : key(from.owner!, from.kind)
      const toKey = to.kind >= 10 ? `house:${to.kind}` : key(to.owner!, to.kind)
      const has = from.kind >= 10 ? Infinity : model.get(fromKey)!
      try {
        const res = await move({ key: k, from, to, amount })
        expect(has).toBeGreaterThanOrEqual(amount)
        if (from.kind < 10) { model.set(fromKey, has - amount); expect(res.fromAfter).toBe(has - amount) }
        if (to.kind < 10) model.set(toKey, model.get(toKey)! + amount)
        done.set(k, { from: from.kind >= 10 ? `0:${from.kind}` : `${from.owner}:${from.kind}`, to: to.kind >= 10 ? `0:${to.kind}` : `${to.owner}:${to.kind}`, amount })
        n++
      } catch (e) {
        expect(e).toBeInstanceOf(LedgerError)
        expect((e as LedgerError).reason).toBe('insufficient')
        expect((e as LedgerError).available).toBe(has)
        expect(has).toBeLessThan(amount)
        refused++
      }
    }
    expect(n).toBeGreaterThan(5000)
    expect(refused).toBeGreaterThan(100)
    expect(replays).toBeGreaterThan(100)
    for (const id of ids) for (const k of [1, 2, 3]) expect(await balance(id, k), `${id}:${k}`).toBe(model.get(key(id, k)))
    await expectOk()
    const audit = await verifyAudit(t.db)
    expect(audit.ok).toBe(true)
  }, 300_000)
})

describe('the database itself', () => {
  it('refuses a negative balance, an UPDATE and a DELETE of history, even from raw SQL', async () => {
    const id = await member('raw_one')
    await move({ key: 'raw:1', from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: id }, amount: 500 })
    await expect(t.db.query('update ledger_accounts set balance = -1 where owner_id = $1 and kind = 1', [id])).rejects.toThrow(/ledger_accounts_owned_or_house/)
    await expect(t.db.query('update ledger_transfers set amount = 1')).rejects.toThrow(/append-only/)
    await expect(t.db.query('delete from ledger_transfers')).rejects.toThrow(/append-only/)
    await expect(t.db.query('update balance_changes set amount = 1')).rejects.toThrow(/append-only/)
    await expect(t.db.query('delete from balance_changes')).rejects.toThrow(/append-only/)
    await expect(t.db.query(`insert into ledger_transfers (product, money, key, from_account, to_account, amount, type, chain, chain_seq, chain_hash)
      select 'alpha', 0, 'raw:1', 1, 2, 5, 2, 'x', 1, '\\x00'`)).rejects.toThrow(/ledger_transfers_key|duplicate/)
    // The rules the database keeps whatever writes the row: a positive transfer, a 账变 that adds up and stays ≥ 0.
    await expect(t.db.query(`insert into ledger_transfers (product, money, key, from_account, to_account, amount, type, chain, chain_seq, chain_hash)
      select 'alpha', 0, 'raw:0', 1, 2, 0, 2, 'x', 1, '\\x00'`)).rejects.toThrow(/cents_positive/)
    const change = (amount: number, before: number, after: number) => t.db.query(`insert into balance_changes
      (product, money, member_id, account_id, transfer_id, type, amount, before, after) values ('alpha', 0, $1, 1, 1, 2, $2, $3, $4)`,
      [id, amount, before, after])
    await expect(change(5, 10, 16)).rejects.toThrow(/balance_changes_after/)
    await expect(change(-20, 10, -10)).rejects.toThrow(/cents_nonnegative/)
    await expect(change(0, 10, 10)).rejects.toThrow(/cents_nonzero/)
    expect(await balance(id)).toBe(500)
    await expectOk()
  })

  it('refuses to delete an account that has transfers, either side, and deletes one that has none', async () => {
    const payer = await member('keep_payer')
    const payee = await member('keep_payee')
    const idle = await member('keep_idle')
    await move({ key: 'keep:1', from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: payer }, amount: 800 })
    await move({ key: 'keep:2', from: { kind: KIND.available, owner: payer }, to: { kind: KIND.available, owner: payee }, amount: 300 })
    for (const owner of [payer, payee]) {
      const e = await t.db.query('delete from ledger_accounts where owner_id = $1 and kind = 1', [owner]).catch((x) => x)
      expect(e, String(owner)).toMatchObject({ code: '23503', message: expect.stringMatching(/has transfers/) })
    }
    const house = await t.db.query<{ id: number }>('select id from ledger_accounts where kind = $1 and product = $2', [KIND.cashIn, P])
    await expect(t.db.query('delete from ledger_accounts where id = $1', [house.rows[0].id])).rejects.toThrow(/has transfers/)
    expect((await t.db.query('delete from ledger_accounts where owner_id = $1', [idle])).rowCount).toBe(3)
    expect([await balance(payer), await balance(payee)]).toEqual([500, 300])
    await expectOk()
  })

  it('answers a debit beyond the balance with the available amount and moves nothing', async () => {
    const id = await member('short_one')
    await move({ key: 's:1', from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: id }, amount: 12_345 })
    const e = await move({ key: 's:2', from: { kind: KIND.available, owner: id }, to: { kind: KIND.adjustments }, amount: 12_346 }).catch((x) => x)
    expect(e).toBeInstanceOf(LedgerError)
    expect(e.code).toBe(409)
    expect(e.message).toBe('余额不足，可用余额 123.45 元')
    expect(await balance(id)).toBe(12_345)
    expect((await t.db.query<any>('select count(*)::int as n from ledger_transfers')).rows[0].n).toBe(1)
  })

  it('writes a balance change chained before/after for each leg on an available balance', async () => {
    const id = await member('chain_one')
    await move({ key: 'c:1', from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: id }, amount: 1000 })
    await move({ key: 'c:2', from: { kind: KIND.available, owner: id }, to: { kind: KIND.frozen, owner: id }, amount: 300, type: 4 })
    await move({ key: 'c:3', from: { kind: KIND.frozen, owner: id }, to: { kind: KIND.available, owner: id }, amount: 300, type: 5 })
    const rows = (await t.db.query<any>('select type, amount, before, after from balance_changes where member_id = $1 order by id', [id])).rows
    expect(rows.map((r) => [r.type, Number(r.amount), Number(r.before), Number(r.after)])).toEqual([[2, 1000, 0, 1000], [4, -300, 1000, 700], [5, 300, 700, 1000]])
  })
})

describe('batches', () => {
  it('moves many legs at once with running before/after, replays as a whole and refuses overlaps', async () => {
    const a = await member('batch_a')
    const b = await member('batch_b')
    await move({ key: 'seed:a', from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: a }, amount: 1000 })
    const legs = [
      { key: 'bt:1', from: { kind: KIND.gaming }, to: { kind: KIND.available, owner: a }, amount: 200, type: 3 },
      { key: 'bt:2', from: { kind: KIND.gaming }, to: { kind: KIND.available, owner: b }, amount: 50, type: 3 },
      { key: 'bt:3', from: { kind: KIND.available, owner: a }, to: { kind: KIND.gaming }, amount: 1100, type: 1 },
    ] as const
    expect(await t.db.tx((tx) => transferBatch(tx, P, MONEY.real, [...legs]))).toEqual({ moved: 3, replayed: 0 })
    expect(await balance(a)).toBe(100)
    expect(await balance(b)).toBe(50)
    const chainA = (await t.db.query<any>('select before, after from balance_changes where member_id = $1 order by id', [a])).rows
    expect(chainA.map((r) => [Number(r.before), Number(r.after)])).toEqual([[0, 1000], [1000, 1200], [1200, 100]])
    expect(await t.db.tx((tx) => transferBatch(tx, P, MONEY.real, [...legs]))).toEqual({ moved: 0, replayed: 3 })
    await expect(t.db.tx((tx) => transferBatch(tx, P, MONEY.real, [legs[0], { ...legs[1], key: 'bt:new' }]))).rejects.toMatchObject({ reason: 'keyReused' })
    // A used key after a new one: refused as well, and nothing moves.
    await expect(t.db.tx((tx) => transferBatch(tx, P, MONEY.real, [{ ...legs[1], key: 'bt:new' }, legs[1]]))).rejects.toMatchObject({ reason: 'keyReused' })
    expect(await balance(b)).toBe(50)
    const short = await t.db.tx((tx) => transferBatch(tx, P, MONEY.real, [{ key: 'bt:4', from: { kind: KIND.available, owner: b }, to: { kind: KIND.gaming }, amount: 51, type: 1 }])).catch((e) => e)
    expect(short).toMatchObject({ reason: 'insufficient', owners: [b] })
    expect(await balance(b)).toBe(50)
    // A leg naming an owner without accounts fails the whole batch: the other leg's member keeps its balance.
    const nobody = await t.db.tx((tx) => transferBatch(tx, P, MONEY.real, [
      { key: 'bt:5', from: { kind: KIND.gaming }, to: { kind: KIND.available, owner: b }, amount: 10, type: 3 },
      { key: 'bt:6', from: { kind: KIND.gaming }, to: { kind: KIND.available, owner: 987654 }, amount: 10, type: 3 },
    ])).catch((e) => e)
    expect(nobody).toMatchObject({ reason: 'noAccount', code: 404 })
    expect(await balance(b)).toBe(50)
    await expectOk()
    expect((await verifyAudit(t.db)).ok).toBe(true)
  })
})

describe('the audit chain of transfers', () => {
  it('names the changed, deleted or forged transfer', async () => {
    const id = await member('audit_one')
    for (let i = 0; i < 40; i++) await move({ key: `a:${i}`, from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: id }, amount: 100 + i })
    expect((await verifyAudit(t.db)).ok).toBe(true)
    const victim = (await t.db.query<any>('select id from ledger_transfers order by id limit 1 offset 20')).rows[0].id
    await t.db.query('alter table ledger_transfers disable trigger ledger_transfers_append_only')
    await t.db.query('update ledger_transfers set amount = amount + 1 where id = $1', [victim])
    const report = await verifyAudit(t.db)
    expect(report.ok).toBe(false)
    expect(JSON.stringify(report)).toContain(`"id":"${victim}"`)
    await t.db.query('update ledger_transfers set amount = amount - 1 where id = $1', [victim])
    expect((await verifyAudit(t.db)).ok).toBe(true)
    await t.db.query('delete from ledger_transfers where id = $1', [victim])
    expect((await verifyAudit(t.db)).ok).toBe(false)
  })
})

describe.runIf(pg)('concurrency on PostgreSQL', () => {
  it('lets exactly 50 of 100 concurrent debits through a balance that covers 50', async () => {
    const id = await member('race_one')
    await move({ key: 'race:seed', from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: id }, amount: 50 * 700 })
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) =>
      move({ key: `race:${i}`, from: { kind: KIND.available, owner: id }, to: { kind: KIND.gaming }, amount: 700, type: 1 })))
    const ok = results.filter((r) => r.status === 'fulfilled').length
    const refused = results.filter((r) => r.status === 'rejected' && (r.reason as LedgerError).reason === 'insufficient').length
    expect([ok, refused]).toEqual([50, 50])
    expect(await balance(id)).toBe(0)
    await expectOk()
    expect((await verifyAudit(t.db)).ok).toBe(true)
  })

  it('moves between two members both ways at once, beside house transfers on the same accounts, without a deadlock', async () => {
    const a = await member('pair_a')
    const b = await member('pair_b')
    await move({ key: 'pair:seed:a', from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: a }, amount: 100_000 })
    await move({ key: 'pair:seed:b', from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: b }, amount: 100_000 })
    // Member to member locks both accounts in id order up front; member to house lets the UPDATE take the one lock.
    const legs: [Side, Side, number][] = [
      [{ kind: KIND.available, owner: a }, { kind: KIND.available, owner: b }, 300],
      [{ kind: KIND.available, owner: b }, { kind: KIND.available, owner: a }, 200],
      [{ kind: KIND.available, owner: a }, { kind: KIND.gaming }, 50],
      [{ kind: KIND.gaming }, { kind: KIND.available, owner: b }, 70],
    ]
    const results = await Promise.allSettled(Array.from({ length: 120 }, (_, i) => {
      const [from, to, amount] = legs[i % legs.length]
      return move({ key: `pair:${i}`, from, to, amount, type: 1 })
    }))
    expect(results.filter((r) => r.status === 'rejected')).toEqual([])
    // 30 rounds of each leg: a gives 300 and 50, gets 200; b gets 300 and 70, gives 200.
    expect([await balance(a), await balance(b)]).toEqual([100_000 + 30 * (200 - 300 - 50), 100_000 + 30 * (300 - 200 + 70)])
    await expectOk()
    expect((await verifyAudit(t.db)).ok).toBe(true)
  })

  it('moves money once when the same key races', async () => {
    const id = await member('race_two')
    const results = await Promise.all(Array.from({ length: 20 }, () =>
      move({ key: 'same-key', from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: id }, amount: 999 })))
    expect(results.filter((r) => !r.replayed)).toHaveLength(1)
    expect(await balance(id)).toBe(999)
  })
})
