// 银行卡: numbers masked in every answer but show (logged as R) and never beyond the last four digits in the log; Luhn
// and holder checks, one number per product, one default per member, withdrawals under review, menu and product scope.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { cardNo, count, logText, member, P, switchTo, withdrawalUnderReview } from './member-fixtures'
import { registerMember } from '../../src/server/member/member-write'
import { validCardNo } from '../../src/server/member/payee-rules'

const URL = '/api/card'
const NO1 = cardNo('6222021234', 16)
const NO2 = cardNo('6217009876', 19)
const NO3 = cardNo('6228480001', 16)
const masked = (no: string) => `${no.slice(0, 4)} **** **** ${no.slice(-4)}`
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const defaults = async (memberId: number) =>
  (await t.db.query<any>('select id from member_cards where member_id = $1 and is_default order by id', [memberId])).rows.map((r) => r.id)
const bind = async (body: Record<string, unknown>) => {
  const r = await t.post(`${URL}/create`, token, { holder: '张三', bank_name: '中国工商银行', status: 1, ...body })
  if (r.code !== 200) throw new Error(`${r.status} ${r.msg}`)
  return r.data
}

describe('cards', () => {
  it('binds a card masked in the answer and the list, full only in show, and logs no more than the last four digits', async () => {
    const id = await member(t, 'cardman', { real_name: '张三' })
    const spaced = NO1.replace(/(\d{4})(?=\d)/g, '$1 ')
    const r = await t.post(`${URL}/create`, token, { username: 'CARDMAN', holder: ' 张三 ', bank_name: '中国工商银行', branch: '朝阳支行', card_no: spaced, status: 1 })
    expect(r.code).toBe(200)
    expect(r.data).toEqual({
      id: r.data.id, member_id: id, username: 'cardman', holder: '张三', bank_name: '中国工商银行', branch: '朝阳支行',
      card_no: masked(NO1), status: 1, is_default: true, created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    })
    expect((await t.db.query<any>('select card_no from member_cards where id = $1', [r.data.id])).rows[0].card_no).toBe(NO1)
    const list = await t.get(`${URL}/index`, token)
    expect(list.data).toMatchObject({ total: 1, per_page: 15, current_page: 1, items: [{ id: r.data.id, card_no: masked(NO1) }] })
    const shown = await t.get(`${URL}/show`, token, { id: r.data.id })
    expect(shown.data).toMatchObject({ id: r.data.id, card_no: NO1, holder: '张三' })
    const [view] = await opRows(t, `${URL}/show`)
    expect(view).toMatchObject({ action: 'R', target_ids: [String(r.data.id)], admin_name: 'admin' })
    const [log] = await opRows(t, `${URL}/create`)
    expect(log).toMatchObject({ action: 'C', target_ids: [String(r.data.id)], after: { card_no: `****${NO1.slice(-4)}`, holder: '张三' } })

    await t.post(`${URL}/edit`, token, { id: r.data.id, holder: '张三', bank_name: '招商银行', card_no: NO2, status: 0 })
    const [edit] = await opRows(t, `${URL}/edit`)
    expect(edit).toMatchObject({ action: 'U', before: { card_no: `****${NO1.slice(-4)}`, bank_name: '中国工商银行' },
      after: { card_no: `****${NO2.slice(-4)}`, bank_name: '招商银行', status: 0 } })
    await t.post(`${URL}/delete`, token, { ids: [r.data.id] })
    for (const path of ['create', 'edit', 'delete', 'show']) {
      const text = await logText(t, `${URL}/${path}`)
      for (const no of [NO1, NO2]) {
        expect(text).not.toContain(no.slice(0, 8))
        expect(text).not.toContain(no.slice(4, 12))
      }
    }
  })

  it('checks the number (Luhn, 12–19 digits), the holder against the real name and the member, writing nothing', async () => {
    const named = await member(t, 'named', { real_name: '李四' })
    const trial = (await registerMember(t.db, P, { username: 'trialcard', kind: 2 })).id
    const other = await member(t, 'betaone', {}, 'beta')
    const wrongCheck = NO1.slice(0, -1) + String((Number(NO1.slice(-1)) + 1) % 10)
    expect(validCardNo(wrongCheck)).toBe(false)
    const ok = { member_id: named, holder: '李四', bank_name: '中国银行', card_no: NO1, status: 1 }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...ok, card_no: undefined }, '银行卡号不能为空', 'card_no'],
      [{ ...ok, card_no: '' }, '银行卡号不能为空', 'card_no'],
      [{ ...ok, card_no: wrongCheck }, '银行卡号须为 12-19 位数字且校验位正确', 'card_no'],
      [{ ...ok, card_no: cardNo('62220', 11) }, '银行卡号须为 12-19 位数字且校验位正确', 'card_no'],
      [{ ...ok, card_no: cardNo('62220', 20) }, '银行卡号须为 12-19 位数字且校验位正确', 'card_no'],
      [{ ...ok, card_no: '6222abcd12345678' }, '银行卡号须为 12-19 位数字且校验位正确', 'card_no'],
      [{ ...ok, holder: undefined }, '持卡人不能为空', 'holder'],
      [{ ...ok, holder: '王五' }, '持卡人须与会员真实姓名（李四）一致', 'holder'],
      [{ ...ok, bank_name: '' }, '开户银行不能为空', 'bank_name'],
      [{ ...ok, branch: 'x'.repeat(81) }, '开户支行长度不能超过 80 个字符', 'branch'],
      [{ ...ok, status: 5 }, '状态不能大于 1', 'status'],
      [{ ...ok, member_id: undefined }, '会员不能为空', 'username'],
      [{ ...ok, member_id: 999999 }, '会员不存在', 'member_id'],
      [{ ...ok, member_id: trial }, '会员不存在', 'member_id'],
      [{ ...ok, member_id: other }, '会员不存在', 'member_id'],
      [{ ...ok, member_id: undefined, username: 'nobody' }, '会员不存在', 'username'],
    ]
    for (const [body, msg, field] of cases) {
      const r = await t.post(`${URL}/create`, token, body)
      expect([r.status, r.msg, r.data?.field], JSON.stringify(body)).toEqual([400, msg, field])
    }
    expect(await count(t, 'member_cards')).toBe(0)
    expect(await opRows(t, `${URL}/create`)).toHaveLength(0)
    // 12 and 19 digits are fine; a member without a real name takes any holder.
    const plain = await member(t, 'noname')
    await bind({ member_id: plain, holder: '任何人', card_no: cardNo('6222', 12) })
    await bind({ member_id: named, holder: '李四', card_no: cardNo('6222', 19) })
    const card = await bind({ member_id: named, holder: '李四', card_no: NO3 })
    const e = await t.post(`${URL}/edit`, token, { id: card.id, holder: '王五', bank_name: '中国银行', card_no: NO3, status: 1 })
    expect([e.status, e.data?.field]).toEqual([400, 'holder'])
    expect((await t.post(`${URL}/edit`, token, { id: card.id, holder: '李四', bank_name: '中国银行', card_no: wrongCheck, status: 1 })).status).toBe(400)
  })

  it('refuses a number bound twice in the product (409), also on edit, but not across products', async () => {
    const a = await member(t, 'owner_a')
    const b = await member(t, 'owner_b')
    const first = await bind({ member_id: a, card_no: NO1 })
    const second = await bind({ member_id: b, card_no: NO2 })
    const again = await t.post(`${URL}/create`, token, { member_id: b, holder: '张三', bank_name: '中国银行', card_no: NO1.replace(/^(\d{4})/, '$1 '), status: 1 })
    expect([again.status, again.msg]).toEqual([409, '系统已存在相同数据：该银行卡号已被绑定'])
    const edit = await t.post(`${URL}/edit`, token, { id: second.id, holder: '张三', bank_name: '中国银行', card_no: NO1, status: 1 })
    expect([edit.status, edit.msg]).toEqual([409, '系统已存在相同数据：该银行卡号已被绑定'])
    expect(await count(t, 'member_cards')).toBe(2)
    expect(await opRows(t, `${URL}/edit`)).toHaveLength(0)
    // Re-saving a card with its own number is no clash.
    expect((await t.post(`${URL}/edit`, token, { id: first.id, holder: '张三', bank_name: '交通银行', card_no: NO1, status: 1 })).code).toBe(200)
    const beta = await member(t, 'owner_c', {}, 'beta')
    await switchTo(t, token, 'beta')
    expect((await t.post(`${URL}/create`, token, { member_id: beta, holder: '张三', bank_name: '中国银行', card_no: NO1, status: 1 })).code).toBe(200)
  })

  it('keeps one default card per member', async () => {
    const m = await member(t, 'defaulter')
    const other = await member(t, 'bystander')
    const a = await bind({ member_id: m, card_no: NO1 })
    const b = await bind({ member_id: m, card_no: NO2 })
    const o = await bind({ member_id: other, card_no: NO3 })
    expect([a.is_default, b.is_default, o.is_default]).toEqual([true, false, true])
    const c = await bind({ member_id: m, card_no: cardNo('6222', 18), is_default: true })
    expect(await defaults(m)).toEqual([c.id])
    expect((await t.post(`${URL}/edit`, token, { id: b.id, holder: '张三', bank_name: '中国银行', card_no: NO2, status: 1, is_default: true })).data.is_default).toBe(true)
    expect(await defaults(m)).toEqual([b.id])
    expect(await defaults(other)).toEqual([o.id])
    // Removing the default passes it to the member's newest remaining card.
    await t.post(`${URL}/delete`, token, { ids: [b.id] })
    expect(await defaults(m)).toEqual([c.id])
    await t.post(`${URL}/delete`, token, { ids: [c.id, a.id] })
    expect(await defaults(m)).toEqual([])
    expect(await defaults(other)).toEqual([o.id])
  })

  it('keeps one default when a member’s cards are bound at the same time', async () => {
    const m = await member(t, 'rusher')
    const numbers = Array.from({ length: 10 }, (_, i) => cardNo(`6222${String(i * 7919).padStart(6, '0')}`, 16))
    const answers = await Promise.all(numbers.map((card_no, i) =>
      t.post(`${URL}/create`, token, { member_id: m, holder: '张三', bank_name: '中国银行', card_no, status: 1, is_default: i % 2 === 0 })))
    expect(answers.map((a) => a.status)).toEqual(numbers.map(() => 200))
    expect(await defaults(m)).toHaveLength(1)
  })

  it('filters the list and pages it', async () => {
    const a = await member(t, 'filter_a', { real_name: '张三' })
    const b = await member(t, 'filterxb')
    const c1 = await bind({ member_id: a, card_no: NO1, bank_name: '中国工商银行' })
    const c2 = await bind({ member_id: b, holder: '李四', card_no: NO2, bank_name: '招商银行', status: 0 })
    const c3 = await bind({ member_id: b, holder: '李四', card_no: NO3, bank_name: '中国建设银行' })
    const cases: [Record<string, unknown>, number[]][] = [
      [{}, [c3.id, c2.id, c1.id]], [{ member_id: b }, [c3.id, c2.id]], [{ username: 'FILTER_' }, [c1.id]], [{ username: 'filter' }, [c3.id, c2.id, c1.id]],
      [{ holder: '李四' }, [c3.id, c2.id]], [{ bank_name: '中国' }, [c3.id, c1.id]], [{ card_tail: NO2.slice(-4) }, [c2.id]], [{ status: 0 }, [c2.id]],
      [{ per_page: 2, page: 2 }, [c1.id]],
    ]
    for (const [q, want] of cases) {
      const r = await t.get(`${URL}/index`, token, q)
      expect(r.data.items.map((c: any) => c.id), JSON.stringify(q)).toEqual(want)
      expect(r.data.items.every((c: any) => /^\d{4} \*{4} \*{4} \d{4}$/.test(c.card_no))).toBe(true)
    }
    expect((await t.get(`${URL}/index`, token, { card_tail: '12a' })).msg).toBe('卡号后四位格式不正确')
  })

  it('refuses deleting a card a withdrawal under review pays to (409), allows it once reviewed, and logs deletes masked', async () => {
    const m = await member(t, 'payee')
    const busy = await bind({ member_id: m, card_no: NO1 })
    const done = await bind({ member_id: m, card_no: NO2 })
    await withdrawalUnderReview(t, m, { card_id: busy.id })
    await withdrawalUnderReview(t, m, { card_id: done.id }, 1)
    const r = await t.post(`${URL}/delete`, token, { ids: [done.id, busy.id] })
    expect([r.status, r.msg]).toEqual([409, `卡号 ${masked(NO1)} 有审核中的提现，不能删除`])
    expect(await count(t, 'member_cards')).toBe(2)
    expect((await t.post(`${URL}/delete`, token, { ids: [done.id, 999999] })).status).toBe(404)
    expect((await t.post(`${URL}/delete`, token, { ids: [done.id] })).data).toEqual({ ids: [done.id] })
    expect(await count(t, 'withdrawals where card_id is null')).toBe(1)
    const [log] = await opRows(t, `${URL}/delete`)
    expect(log).toMatchObject({ action: 'D', target_ids: [String(done.id)], before: [{ id: done.id, card_no: `****${NO2.slice(-4)}` }] })
    await t.db.query('update withdrawals set status = 2 where card_id = $1', [busy.id])
    expect((await t.post(`${URL}/delete`, token, { ids: [busy.id] })).code).toBe(200)
  })

  it('is 403 without the menu and 404 for another product’s card', async () => {
    const m = await member(t, 'scoped')
    const card = await bind({ member_id: m, card_no: NO1 })
    const kefu = await t.login('kefu')
    expect((await t.get(`${URL}/show`, kefu, { id: card.id })).data.card_no).toBe(NO1)
    const caiwu = await t.login('caiwu')
    const body = { member_id: m, holder: '张三', bank_name: '中国银行', card_no: NO2, status: 1 }
    expect((await t.get(`${URL}/index`, caiwu)).status).toBe(403)
    expect((await t.get(`${URL}/show`, caiwu, { id: card.id })).status).toBe(403)
    expect((await t.post(`${URL}/create`, caiwu, body)).status).toBe(403)
    expect((await t.post(`${URL}/edit`, caiwu, { ...body, id: card.id })).status).toBe(403)
    expect((await t.post(`${URL}/delete`, caiwu, { ids: [card.id] })).status).toBe(403)
    await switchTo(t, token, 'beta')
    expect((await t.get(`${URL}/show`, token, { id: card.id })).status).toBe(404)
    expect((await t.post(`${URL}/edit`, token, { ...body, id: card.id })).status).toBe(404)
    expect((await t.post(`${URL}/delete`, token, { ids: [card.id] })).status).toBe(404)
    expect((await t.get(`${URL}/index`, token)).data.items).toEqual([])
    expect((await t.post(`${URL}/create`, token, body)).status).toBe(400)
    expect(await count(t, 'member_cards')).toBe(1)
    expect((await t.db.query<any>('select card_no from member_cards')).rows[0].card_no).toBe(NO1)
  })
})
