// A server in the test's own process on an embedded database the test shares with it (PGlite allows one process), for
// browser tests that write through the domain functions as the member site would (a withdrawal asked, a bet placed).
// It serves a private copy of the console built into dist/ (a rebuild elsewhere empties dist/; `node build.mjs` first).
import { chromium, type Browser, type Page } from 'playwright-core'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { CHROMIUM_ARGS, CPU_THROTTLE, E2E_PASSWORD, loginAs, throttle, watchContentPolicy } from './browser'
import type { Db } from '../../src/server/db/db'
import { openPglite } from '../../src/server/db/pglite'
import { migrate } from '../../src/server/db/migrate'
import { seed } from '../../src/server/seed/seed'
import { ALL_ROUTES } from '../../src/server/routes'
import { loadRsaKeys } from '../../src/server/auth/rsa'
import { buildApp } from '../../src/server/app'
import { readConfig } from '../../src/server/config'
import { MENU } from '../../src/contract/menus'

/** A migrated and seeded embedded database, the admins' password being the browser suite's. */
export async function seededDb(): Promise<Db> {
  const db = await openPglite({})
  await migrate(db)
  await seed(db, ALL_ROUTES, { adminPassword: E2E_PASSWORD })
  return db
}

export interface InProcess {
  base: string
  browser: Browser
  /** A new browser context logged in as the super admin, on 首页. */
  loggedIn(): Promise<Page>
  /** Closes the browser, the app and the database, and removes the build's copy. */
  close(): Promise<void>
}

/** The app on `db`, listening on a free port, and a Chromium to drive it. */
export async function serve(db: Db, name: string): Promise<InProcess> {
  const keys = await loadRsaKeys(db, '')
  mkdirSync('node_modules/.cache', { recursive: true })
  const build = mkdtempSync(join('node_modules/.cache', `houtai-e2e-${name}-`))
  cpSync('dist/public', build, { recursive: true })
  const app = await buildApp({ db, keys, config: { ...readConfig({ ADMIN_PASSWORD: E2E_PASSWORD }), publicDir: resolve(build) } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const addr = app.server.address()
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  return {
    base,
    browser,
    async loggedIn() {
      const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', viewport: { width: 1400, height: 900 } })
      await watchContentPolicy(context)
      const page = await context.newPage()
      page.setDefaultTimeout(15_000 * CPU_THROTTLE)
      if (CPU_THROTTLE > 1) await throttle(page, CPU_THROTTLE)
      await loginAs(page)
      await page.waitForURL((u) => u.pathname === MENU.home)
      return page
    },
    async close() {
      await browser.close()
      await app.close()
      await db.close()
      rmSync(build, { recursive: true, force: true })
    },
  }
}
