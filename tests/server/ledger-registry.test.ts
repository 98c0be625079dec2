// The transfer types declared once (TRANSFER_TYPES): the labels the console shows, the report classification the
// database runs (report_classify, generated) against the one migration 011 wrote by hand, the declared legs, and the
// keys a request gives the money it moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { legOf } from '../../src/server/ledger/ledger'
import { requestCause } from '../../src/server/http/idempotency'
import { CLASSIFY_CASES, FIRST_RECHARGE_TYPES } from '../../src/server/report/classify'
import { BALANCE_TYPE as ENUM_BALANCE_TYPE, QUOTA_TYPE as ENUM_QUOTA_TYPE } from '../../src/contract/enums'
import {
  BALANCE_TYPE, DEMO_BALANCE_TYPE, KIND, QUOTA_TYPE, TRANSFER, TRANSFER_DECLS, TRANSFER_TYPE,
} from '../../src/contract/ledger'
import m011 from '../../src/server/db/migrations/011-report'

let t: TestApp
beforeAll(async () => { t = await makeApp() })
afterAll(async () => { await t.close() })

describe('transfer types', () => {
  it('give the labels the lists show, as they were written before the declaration', () => {
    expect(BALANCE_TYPE).toEqual({
      1: '认购', 2: '充值', 3: '匹配成功', 4: '提现', 5: '提现退回', 6: '人工加款', 7: '彩金', 8: '人工扣款',
      9: '转入余额宝(7天)', 10: '余额宝转出', 11: '转入余额宝(15天)', 12: '数字钱包充值',
    })
    expect(QUOTA_TYPE).toEqual({ 21: '增加额度', 22: '减少额度' })
    expect(TRANSFER_TYPE).toEqual({ ...BALANCE_TYPE, ...QUOTA_TYPE, 101: '提现出款', 102: '提现手续费', 103: '虚拟账号调账', 104: '试玩金发放' })
    expect(DEMO_BALANCE_TYPE).toEqual({ ...BALANCE_TYPE, 103: '虚拟账号调账', 104: '试玩金发放' })
    expect(ENUM_BALANCE_TYPE).toBe(BALANCE_TYPE)
    expect(ENUM_QUOTA_TYPE).toBe(QUOTA_TYPE)
    expect(TRANSFER).toMatchObject({ bet: 1, recharge: 2, payout: 3, manualAdd: 6, gift: 7, manualSub: 8, investIn7: 9, investOut: 10,
      investIn15: 11, walletRecharge: 12, quotaAdd: 21, quotaReduce: 22, withdrawPaid: 101, withdrawFee: 102, virtualAdjust: 103, trialGrant: 104 })
    expect(new Set(TRANSFER_DECLS.map((d) => d.id)).size).toBe(TRANSFER_DECLS.length)
  })

  it('count a first recharge exactly where they count a recharge (the rollups mark it at recharge_count)', () => {
    for (const d of TRANSFER_DECLS) for (const e of d.report ?? []) expect(!!e.firstRecharge, `${d.id}`).toBe(e.count === 'recharge_count')
    expect(FIRST_RECHARGE_TYPES).toEqual([2, 12])
  })

  it('name the sides of their legs for an owner', () => {
    expect(legOf('gift', 5)).toEqual({ type: 7, from: { kind: KIND.promotions }, to: { kind: KIND.available, owner: 5 } })
    expect(legOf('payout', 5, 'reverse')).toEqual({ type: 3, from: { kind: KIND.available, owner: 5 }, to: { kind: KIND.gaming } })
    expect(legOf('withdraw', 5)).toEqual({ type: 4, from: { kind: KIND.available, owner: 5 }, to: { kind: KIND.frozen, owner: 5 } })
    expect(legOf('quotaReduce', 9)).toEqual({ type: 22, from: { kind: KIND.quota, owner: 9 }, to: { kind: KIND.platformQuota } })
  })
})

describe('report_classify and report_classify_one', () => {
  it('is generated from the declarations and answers what migration 011 wrote by hand, for every type and pair of accounts', async () => {
    const def = (await t.db.query<{ def: string }>(`select pg_get_functiondef('report_classify(smallint, smallint, int, smallint, int, bigint)'::regprocedure) as def`)).rows[0].def
    for (const c of CLASSIFY_CASES) expect(def.replace(/\s+/g, ' ')).toContain(c.replace(/\s+/g, ' '))
    const landed = /create function report_classify\([\s\S]*?\$f\$;/.exec(m011)![0].replace('report_classify(', 'report_classify_011(')
    await t.db.exec(landed)
    const kinds = Object.values(KIND)
    const types = [...TRANSFER_DECLS.map((d) => d.id), 0, 13, 20, 23, 100, 105]
    const r = (await t.db.query<{ n: number; differ: number; members: number; one_differs: number }>(
      `with g as (
         select ty::smallint as ty, fk::smallint as fk, case when fk < 10 then 5 end as fo, tk::smallint as tk, case when tk < 10 then 7 end as tko
           from unnest($1::int[]) ty, unnest($2::int[]) fk, unnest($2::int[]) tk where fk <> tk or fk < 10)
       select count(*)::int as n,
              count(*) filter (where report_classify(ty, fk, fo, tk, tko, 1234) is distinct from report_classify_011(ty, fk, fo, tk, tko, 1234))::int as differ,
              count(*) filter (where (report_classify(ty, fk, fo, tk, tko, 1234)).member_id is not null)::int as members,
              count(*) filter (where report_classify_one(ty, fk, fo, tk, tko, 1234) is distinct from report_classify(ty, fk, fo, tk, tko, 1234))::int as one_differs
         from g`, [types, kinds])).rows[0]
    expect(r.n).toBeGreaterThan(3000)
    expect(r.differ).toBe(0)
    expect(r.members).toBeGreaterThan(100)
    // The one-movement form ledger_transfer calls gives the same answer for every combination.
    expect(r.one_differs).toBe(0)
    await t.db.exec('drop function report_classify_011(smallint, smallint, int, smallint, int, bigint)')
  })
})

describe('request causes', () => {
  const req = (key?: string, query = '') => ({ headers: key ? { 'idempotency-key': key } : {}, raw: { url: `/api/giftmoney/create${query}` } }) as never
  it('key a request\'s movements by the admin and its Idempotency-Key (header or query), else by a fresh one', () => {
    expect(requestCause(req('retry-key-0001'), 12)).toBe('12:retry-key-0001')
    expect(requestCause(req(undefined, '?idempotency_key=from-query-01'), 12)).toBe('12:from-query-01')
    const fresh = requestCause(req(), 12)
    expect(fresh).toMatch(/^12:[0-9a-f-]{36}$/)
    expect(requestCause(req(), 12)).not.toBe(fresh)
  })
})
