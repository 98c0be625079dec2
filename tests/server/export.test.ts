// Background exports (/api/export/*): the file of a list's filtered set holds exactly the list's rows and sums (CSV with
// BOM; xlsx), only its owner sees or downloads it, creation and download are logged, a job whose server stopped fails.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { makeApp, opRows, type TestApp } from './helpers'
import { fund, member, secondAdmin } from './finance-fixtures'
import { MENU } from '../../src/contract/menus'
import { sweep } from '../../src/server/view/exports'

let t: TestApp
let su: string
let kefu: string
const dataDir = mkdtempSync(join(tmpdir(), 'exports-'))
beforeAll(async () => {
  t = await makeApp({ DATA_DIR: dataDir })
  su = await t.login()
  kefu = await t.login('kefu')
  for (let i = 0; i < 7; i++) {
    const m = await member(t, `ex_m${i}`)
    await fund(t, m, 10_000 + i * 123)
    await t.post('/api/giftmoney/create', su, { username: `ex_m${i}`, type: 8, amount: `${i + 1}.25`, remark: '扣款' })
  }
})
afterAll(async () => { await t?.close() })

const columns = [
  { key: 'id', title: 'ID' }, { key: 'username', title: '会员' }, { key: 'type', title: '类型', format: { 2: '充值', 8: '人工扣款' } },
  { key: 'amount', title: '变动金额', format: 'money' }, { key: 'created_at', title: '时间', format: 'datetime' },
]

async function finished(token: string, id: number) {
  return vi.waitFor(async () => {
    const s = (await t.get('/api/export/show', token, { id })).data
    if (s.status === 'running') throw new Error(`still running: ${s.rows}/${s.total}`)
    return s
  }, { timeout: 30_000, interval: 50 })
}

async function download(token: string, id: number) {
  const r = await t.app.inject({ method: 'GET', url: `/api/export/download?id=${id}`, headers: { token } })
  return { status: r.statusCode, headers: r.headers, bytes: r.rawPayload }
}

const cents = (s: string) => Math.round(Number(s) * 100)

describe('export jobs', () => {
  it('writes a CSV of the filtered list with its rows and sums, logged at creation and download', async () => {
    const list = (await t.get('/api/balance/index', su, { type: '8', per_page: 1 })).data
    const made = await t.post('/api/export/create', su, { list: MENU.balance, format: 'csv', filters: { type: '8', page: '3' }, columns })
    expect(made.code).toBe(200)
    const job = await finished(su, made.data.id)
    expect(job).toMatchObject({ id: made.data.id, status: 'done', rows: list.total, total: list.total, progress: 1, list: MENU.balance, title: '账变记录' })
    expect((await t.get('/api/export/index', su)).data.items.map((j: any) => j.id)).toContain(made.data.id)

    const file = await download(su, made.data.id)
    expect(file.status).toBe(200)
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(String(file.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('账变记录-')}`)
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = file.bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean)
    expect(lines[0]).toBe('ID,会员,类型,变动金额,时间')
    const rows = lines.slice(1).map((l) => l.split(','))
    expect(rows.length).toBe(list.total)
    expect(rows.every((r) => r[2] === '人工扣款')).toBe(true)
    expect(rows.reduce((s, r) => s + cents(r[3]), 0)).toBe(cents(list.balance_stat.net))
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length)

    const created = (await opRows(t, '/api/export/create'))[0]
    expect(created).toMatchObject({ action: 'C', admin_name: 'admin', target_ids: [String(made.data.id)] })
    expect(created.after).toMatchObject({ list: MENU.balance, format: 'csv', filters: { type: '8' } })
    expect((await opRows(t, '/api/export/download'))[0]).toMatchObject({ action: 'R', target_ids: [String(made.data.id)] })
  })

  it('writes an xlsx whose sheet holds every row of the list, money as numbers', async () => {
    const list = (await t.get('/api/balance/index', su, { per_page: 1 })).data
    const made = await t.post('/api/export/create', su, { list: MENU.balance, format: 'xlsx', filters: {}, columns })
    await finished(su, made.data.id)
    const file = await download(su, made.data.id)
    expect(file.headers['content-type']).toContain('spreadsheetml')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(file.bytes as never)
    const sheet = book.worksheets[0]
    expect(sheet.name).toBe('账变记录')
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', '会员', '类型', '变动金额', '时间'])
    expect(sheet.rowCount - 1).toBe(list.total)
    let sum = 0
    sheet.eachRow((row, n) => { if (n > 1) sum += Math.round(Number(row.getCell(4).value) * 100) })
    expect(sum).toBe(cents(list.balance_stat.net))
  })

  it('uses the columns the list declares when none are given', async () => {
    const made = await t.post('/api/export/create', su, { list: MENU.memberLogins, format: 'csv', filters: {} })
    await finished(su, made.data.id)
    const text = (await download(su, made.data.id)).bytes.toString('utf8')
    expect(text.split('\r\n')[0]).toBe('\uFEFF会员,类型,结果,原因,IP,设备,时间')
  })

  it("keeps a job to its owner: another admin's show, download and list are 404 or empty", async () => {
    const made = await t.post('/api/export/create', su, { list: MENU.balance, format: 'csv', filters: {}, columns })
    await finished(su, made.data.id)
    const other = await secondAdmin(t, su, 'exporter2')
    expect((await t.get('/api/export/show', other, { id: made.data.id })).code).toBe(404)
    expect((await download(other, made.data.id)).status).toBe(404)
    expect((await t.get('/api/export/index', other)).data.items).toEqual([])
    expect((await t.get('/api/export/show', su, { id: 999999 })).code).toBe(404)
  })

  it('refuses a list the admin does not hold (403), an unknown list (404) and malformed input (400)', async () => {
    expect((await t.post('/api/export/create', kefu, { list: MENU.balance, format: 'csv', filters: {}, columns })).code).toBe(403)
    expect((await t.post('/api/export/create', su, { list: '/layout/nothing', format: 'csv', filters: {} })).code).toBe(404)
    const bad = async (body: object) => t.post('/api/export/create', su, { list: MENU.balance, format: 'csv', filters: {}, columns, ...body })
    expect((await bad({ format: 'pdf' })).msg).toBe('格式取值无效')
    expect((await bad({ filters: { nope: '1' } })).msg).toBe('不支持的字段：nope')
    expect((await bad({ filters: { start_time: 'yesterday' } })).code).toBe(400)
    expect((await bad({ columns: [] })).msg).toBe('导出的列至少选择一项')
    expect((await bad({ columns: [{ key: 'a;drop', title: 'x' }] })).code).toBe(400)
    expect((await t.get('/api/export/show', su, { id: 'x' })).code).toBe(400)
    expect((await t.get('/api/export/index', undefined)).code).toBe(401)
  })

  it('marks failed a running job whose server stopped beating (a restart), and refuses its download', async () => {
    const admin = (await t.db.query<{ id: number }>(`select id from admins where username = 'admin'`)).rows[0].id
    const id = (await t.db.query<{ id: number }>(
      `insert into export_jobs (admin_id, product, list, title, format, query, columns, beat_at)
       values ($1, 'alpha', $2, '账变记录', 'csv', '{}', '[]', now() - interval '5 minutes') returning id`, [admin, MENU.balance])).rows[0].id
    const s = (await t.get('/api/export/show', su, { id })).data
    expect(s).toMatchObject({ status: 'failed', error: '导出中断：服务已重启，请重新导出' })
    expect((await download(su, id)).status).toBe(404)
  })

  it('keeps a file 24 hours: past that the job is gone for its owner too and its file is deleted', async () => {
    const made = await t.post('/api/export/create', su, { list: MENU.balance, format: 'csv', filters: {}, columns })
    await finished(su, made.data.id)
    const file = (await t.db.query<{ file: string }>('select file from export_jobs where id = $1', [made.data.id])).rows[0].file
    const dir = join(dataDir, 'exports')
    expect(readdirSync(dir)).toContain(file)
    await t.db.query(`update export_jobs set expires_at = now() - interval '1 second' where id = $1`, [made.data.id])
    expect((await t.get('/api/export/show', su, { id: made.data.id })).code).toBe(404)
    expect((await download(su, made.data.id)).status).toBe(404)
    expect((await t.get('/api/export/index', su)).data.items.map((j: any) => j.id)).not.toContain(made.data.id)
    await sweep(t.db, dir)
    expect(existsSync(join(dir, file))).toBe(false)
  })

  it('walks the lists routed by their own handlers too (admins, roles, bets, draws, rooms, plans) with the list\'s count', async () => {
    const lists: [string, string][] = [[MENU.admins, '/api/sysadmin/index'], [MENU.roles, '/api/sysrole/index'], [MENU.bets, '/api/order/index'],
      [MENU.draws, '/api/issue/index'], [MENU.rooms, '/api/room/index'], [MENU.invest, '/api/invest/index']]
    for (const [list, url] of lists) {
      const made = await t.post('/api/export/create', su, { list, format: 'csv', filters: {}, columns: [{ key: 'id', title: 'ID' }] })
      expect(made.code, list).toBe(200)
      const job = await finished(su, made.data.id)
      const total = (await t.get(url, su, { per_page: 1 })).data.total
      expect([list, job.status, job.rows]).toEqual([list, 'done', total])
      const ids = (await download(su, made.data.id)).bytes.toString('utf8').split('\r\n').slice(1).filter(Boolean)
      expect(new Set(ids).size).toBe(total)
    }
    expect((await t.get('/api/sysadmin/index', su, { per_page: 1 })).data.total).toBeGreaterThan(1)
  })
})
