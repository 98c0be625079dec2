// A server of its own for the finance browser tests: the member site is not part of this project, so the pending
// withdrawals and recharges an operator works on are made beforehand through the domain functions (as the simulator
// does) in a fresh embedded database, which the built server then opens (from a private copy of dist/).
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPglite } from '../../src/server/db/pglite'
import type { Db } from '../../src/server/db/db'
import { migrate } from '../../src/server/db/migrate'
import { seed } from '../../src/server/seed/seed'
import { ALL_ROUTES } from '../../src/server/routes'
import { registerMember } from '../../src/server/member/member-write'
import { bindCard } from '../../src/server/member/payee-store'
import { transfer } from '../../src/server/ledger/ledger'
import { requestWithdraw } from '../../src/server/finance/withdraw-rules'
import { requestRecharge } from '../../src/server/finance/recharge-rules'
import { createMerchant } from '../../src/server/merchant/merchant-store'
import { moveQuota } from '../../src/server/merchant/quota'
import { cardNumber } from '../../src/server/sim/people'
import { rng } from '../../src/server/sim/rng'
import { memberLogin } from '../../src/server/risk/logins'
import { E2E_PASSWORD } from './password'

export interface Fixtures { withdrawals: { id: number; order_no: string }[]; recharges: { id: number; order_no: string }[]; members: string[]; merchant: string }
export interface FinanceServer {
  base: string; fx: Fixtures; stop: () => Promise<void>
  /** The server's RSA public key (passwords travel encrypted with it). */
  publicKey: string
  /** A call as the super admin (test setup and checks, never what is being tested). */
  api: (path: string, body?: unknown) => Promise<any>
}

/** `more` adds what one suite needs besides (through the domain functions too) before the server opens the database. */
export type MoreSetup = (db: Db, fx: Fixtures) => Promise<void>

async function prepare(dataDir: string, more?: MoreSetup): Promise<Fixtures> {
  const db = await openPglite({ dataDir })
  await migrate(db)
  await seed(db, ALL_ROUTES, { adminPassword: E2E_PASSWORD })
  const r = rng(20261122)
  const P = 'alpha'
  const fx: Fixtures = { withdrawals: [], recharges: [], members: [], merchant: 'KBPAY' }
  await db.tx(async (tx) => {
    const mc = await createMerchant(tx, P, { code: fx.merchant, name: '键盘支付', status: 1 })
    await moveQuota(tx, P, { merchant_id: mc.id, type: 21, amount: 10_000_000, remark: '初始额度', admin: 'setup', key: 'e2e:quota' })
    for (let i = 0; i < 6; i++) {
      const username = `kbfin${i}`
      const { id } = await registerMember(tx, P, { username, real_name: '李四' })
      fx.members.push(username)
      await bindCard(tx, P, { member_id: id, holder: '李四', bank_name: '工商银行', card_no: cardNumber(r), status: 1 })
      // The first two members log in from one IP: the review desk shows them as associated accounts.
      await memberLogin(tx, P, { member_id: id, ip: i < 2 ? '10.20.30.40' : `10.20.31.${i}`, device_id: `kb-dev-${i}` })
      await transfer(tx, { key: `e2e:fund:${id}`, product: P, money: 0, from: { kind: 10 }, to: { kind: 1, owner: id }, amount: 5_000_000, type: 2, remark: '测试资金' })
      fx.withdrawals.push(await requestWithdraw(tx, P, { member_id: id, amount: 20_000 + i * 100 }))
      fx.recharges.push(await requestRecharge(tx, P, { member_id: id, amount: 30_000 + i * 100, pay_method: 1, merchant_id: i % 2 ? mc.id : null }))
    }
  })
  if (more) await more(db, fx)
  await db.close()
  return fx
}

export async function startFinanceServer(more?: MoreSetup): Promise<FinanceServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'houtai-e2e-fin-'))
  const fx = await prepare(dataDir, more)
  mkdirSync('node_modules/.cache', { recursive: true })
  const build = mkdtempSync(join('node_modules/.cache', 'houtai-e2e-fin-dist-'))
  cpSync('dist', build, { recursive: true })
  const port = 18600 + (process.pid % 300)
  const child: ChildProcess = spawn(process.execPath, [join(build, 'server.mjs')], {
    env: { ...process.env, PUBLIC_DIR: join(build, 'public'), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_PASSWORD, LOG_LEVEL: 'warn', DATABASE_URL: '', SIMULATE: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout!.on('data', (d) => { log += d })
  child.stderr!.on('data', (d) => { log += d })
  const base = `http://127.0.0.1:${port}`
  for (const deadline = Date.now() + 90_000; ;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`)
    try { if ((await fetch(`${base}/healthz`)).ok) break } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`server did not start: ${log}`)
    await new Promise((res) => setTimeout(res, 200))
  }
  const { encryptForLogin } = await import('../../src/server/auth/rsa')
  const publicKey = (await (await fetch(`${base}/common/configs`)).json()).data.public_key
  const login = await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: encryptForLogin(publicKey, E2E_PASSWORD) }) })).json()
  const token = login.data.token
  const api = async (path: string, body?: unknown) => (await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })).json()
  return {
    base, fx, publicKey, api,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((res) => child.once('exit', res))
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(build, { recursive: true, force: true })
    },
  }
}
