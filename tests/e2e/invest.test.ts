// 余额宝列表 by the palette: plans bought through the domain functions (members buy on the member site, not part of
// this project) in a fresh embedded database, one of them already due, which the built server's maturity job pays as
// it starts. The list shows both with their state labels and the sums.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { launch, loginAs, palette, watchContentPolicy, E2E_PASSWORD } from './browser'
import { poll, rowTexts } from './keys'
import { openPglite } from '../../src/server/db/pglite'
import { migrate } from '../../src/server/db/migrate'
import { seed } from '../../src/server/seed/seed'
import { ALL_ROUTES } from '../../src/server/routes'
import { registerMember } from '../../src/server/member/member-write'
import { transfer } from '../../src/server/ledger/ledger'
import { buyPlan } from '../../src/server/invest/plan'

let browser: Browser
let child: ChildProcess
let base = ''
let token = ''
const dirs: string[] = []

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'houtai-e2e-invest-'))
  dirs.push(dataDir)
  const db = await openPglite({ dataDir })
  await migrate(db)
  await seed(db, ALL_ROUTES, { adminPassword: E2E_PASSWORD })
  await db.tx(async (tx) => {
    const { id } = await registerMember(tx, 'alpha', { username: 'kbinvest' })
    await transfer(tx, { key: `e2e:invest:${id}`, product: 'alpha', money: 0, from: { kind: 10 }, to: { kind: 1, owner: id }, amount: 1_000_000, type: 2 })
    await buyPlan(tx, 'alpha', { member_id: id, plan: 7, amount: 20_000, at: new Date(Date.now() - 8 * 86_400_000) })   // due
    await buyPlan(tx, 'alpha', { member_id: id, plan: 15, amount: 30_000 })
  })
  await db.close()
  mkdirSync('node_modules/.cache', { recursive: true })
  const build = mkdtempSync(join('node_modules/.cache', 'houtai-e2e-invest-dist-'))
  dirs.push(build)
  cpSync('dist', build, { recursive: true })
  child = spawn(process.execPath, [join(build, 'server.mjs')], {
    env: { ...process.env, PUBLIC_DIR: join(build, 'public'), PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_PASSWORD, LOG_LEVEL: 'warn', DATABASE_URL: '', SIMULATE: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout!.on('data', (d) => { log += d })
  child.stderr!.on('data', (d) => { log += d })
  for (const deadline = Date.now() + 90_000; !base;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`)
    if (Date.now() > deadline) throw new Error(`server did not start: ${log}`)
    const port = /listening on http:\/\/localhost:(\d+)/.exec(log)?.[1]
    if (port) base = `http://127.0.0.1:${port}`
    else await new Promise((r) => setTimeout(r, 200))
  }
  const { encryptForLogin } = await import('../../src/server/auth/rsa')
  const key = (await (await fetch(`${base}/common/configs`)).json()).data.public_key
  token = (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: encryptForLogin(key, E2E_PASSWORD) }) })).json()).data.token
  browser = await launch()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('余额宝列表', () => {
  it('opens from the palette and shows the plans with their state labels and sums', async () => {
    // The due plan is paid by the server's maturity job, which runs as the server starts.
    await poll(async () => (await (await fetch(`${base}/api/invest/index?state=2`, { headers: { token } })).json()).data.total).toBe(1)
    const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', viewport: { width: 1400, height: 900 } })
    await watchContentPolicy(context)
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    await loginAs(page)
    await palette(page, '余额宝列表', 'invest.planList')
    await page.waitForURL((u) => u.pathname === '/layout/invest/index')
    await poll(async () => (await rowTexts(page)).map((r) => r.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/kbinvest .*15天期 .*300\.00 .*1\.20 .*3\.60 .*冻结中/),
      expect.stringMatching(/kbinvest .*7天期 .*200\.00 .*0\.50 .*1\.00 .*已完成/),
    ])
    const stats = await page.getByTestId('stats').innerText()
    expect(stats).toMatch(/本金合计：\s*500\.00/)
    expect(stats).toMatch(/已付利息：\s*1\.00/)
    await context.close()
  })
})
