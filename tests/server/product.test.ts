// 产品切换: the products an admin may work in, and switching the session's current product.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const sessionProducts = async () => (await t.db.query<any>('select product from sessions where ended_at is null order by id')).rows.map((r) => r.product)

describe('products', () => {
  it('gives a platform admin every product and the current one', async () => {
    const r = await t.get('/api/product', token)
    expect(r.data).toEqual({ _current_pro: 'alpha', products: { alpha: '金沙彩票', beta: '银河彩票' } })
  })

  it('gives a product admin only its own product', async () => {
    const pa = await t.login('alpha_admin')
    expect((await t.get('/api/product', pa)).data).toEqual({ _current_pro: 'alpha', products: { alpha: '金沙彩票' } })
  })

  it('needs a session (401)', async () => {
    expect((await t.get('/api/product')).status).toBe(401)
    expect((await t.post('/api/product/switch', undefined, { pro: 'beta' })).status).toBe(401)
  })
})

describe('switch', () => {
  it('switches this session only, answers the new userinfo and logs the change', async () => {
    const other = await t.login()
    const r = await t.post('/api/product/switch', token, { pro: 'beta' })
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ username: 'admin', product: 'beta', pinned_product: null })
    expect(r.data.menu_list).toContain('/layout/proadmin')
    expect(await sessionProducts()).toEqual(['beta', 'alpha'])
    expect((await t.get('/api/product', token)).data._current_pro).toBe('beta')
    expect((await t.get('/api/product', other)).data._current_pro).toBe('alpha')
    expect((await t.get('/api/userinfo', token)).data.product).toBe('beta')
    const [log] = await opRows(t, '/api/product/switch')
    expect(log).toMatchObject({ admin_name: 'admin', action: 'U', target_ids: ['beta'], before: { product: 'alpha' }, after: { product: 'beta' } })
  })

  it('refuses an unknown product (404) and a product admin leaving its product (403)', async () => {
    const unknown = await t.post('/api/product/switch', token, { pro: 'gamma' })
    expect([unknown.status, unknown.msg]).toEqual([404, '产品不存在'])
    const pa = await t.login('alpha_admin')
    const away = await t.post('/api/product/switch', pa, { pro: 'beta' })
    expect(away.status).toBe(403)
    expect((await t.post('/api/product/switch', pa, { pro: 'alpha' })).data.product).toBe('alpha')
    expect(await sessionProducts()).toEqual(['alpha', 'alpha'])
    expect(await opRows(t, '/api/product/switch')).toHaveLength(1)
  })

  it('refuses missing and malformed products with the field named', async () => {
    const cases: [unknown, string][] = [
      [{}, '产品不能为空'], [{ pro: '' }, '产品不能为空'], [{ pro: { a: 1 } }, '产品格式不正确'],
      [{ pro: ['alpha', 'beta'] }, '产品格式不正确'], [{ pro: 'x'.repeat(33) }, '产品长度不能超过 32 个字符'],
    ]
    for (const [body, msg] of cases) {
      const r = await t.post('/api/product/switch', token, body)
      expect([r.status, r.msg], JSON.stringify(body)).toEqual([400, msg])
    }
    expect(await sessionProducts()).toEqual(['alpha'])
  })
})
