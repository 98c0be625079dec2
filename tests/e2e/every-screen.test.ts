// Every page of the menu opened by the super admin in Chromium against the real server: each screen's calls are taken
// by the server's strict input (no 4xx or 5xx for what the console itself sends: an undeclared filter, a page size a
// list does not take) and each list settles on its rows or its empty state, never on its error state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, loginAs, newPage } from './browser'
import { CONSOLE_TREE, flattenMenus } from '../../src/contract/menus'
import { API } from '../../src/contract/api'

let browser: Browser
beforeAll(async () => { browser = await launch() })
afterAll(async () => { await browser?.close() })

// Create and edit pages need a record to open; the lists that lead to them are visited. The super admin's own pages too.
const pages = flattenMenus(CONSOLE_TREE).filter((m) => !m.hidden).map((m) => m.path!)

describe('every screen', () => {
  it('opens with every call accepted and every list settled', async () => {
    const { context, page } = await newPage(browser)
    const refused: string[] = []
    let inFlight = 0
    // The live event stream stays open for as long as the console does: it is never "in flight" to settle.
    const api = (url: string) => new URL(url).pathname.startsWith('/api/') && new URL(url).pathname !== API.events.stream.url
    page.on('request', (r) => { if (api(r.url())) inFlight++ })
    page.on('requestfailed', (r) => { if (api(r.url())) inFlight-- })
    page.on('requestfinished', (r) => { if (api(r.url())) inFlight-- })
    page.on('response', (r) => {
      if (api(r.url()) && r.status() >= 400) refused.push(`${page.url()} → ${r.request().method()} ${r.url()}: ${r.status()}`)
    })
    const settled = () => expect.poll(() => inFlight, { timeout: 10_000, interval: 20 }).toBe(0)
    await loginAs(page)
    expect(pages.length).toBeGreaterThan(30)
    for (const path of pages) {
      await page.goto(path)
      await page.getByTestId('topbar').waitFor()
      // The screen mounted (its chunk loaded); a list then settles on rows, its empty state or its error state.
      await page.locator(`[data-testid="screen"][data-path="${path}"]`).waitFor()
      const grid = page.getByTestId('data-table')
      if (await grid.count()) {
        await page.locator('[data-testid="data-table"]:not([data-state="loading"])').first().waitFor()
        expect(await grid.first().getAttribute('data-state'), path).not.toBe('error')
      }
      await settled()
    }
    expect(refused).toEqual([])
    await context.close()
  })
})
