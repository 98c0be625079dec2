// Drives Debian's Chromium with playwright-core against the real server started by global-setup.
import { inject, onTestFinished } from 'vitest'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { E2E_PASSWORD } from './password'

export { E2E_PASSWORD }

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync']

export const baseUrl = () => inject('baseUrl')

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

/** E2E_CPU_THROTTLE=4 slows each page's CPU 4× through the DevTools protocol (the stress run); unset or 1 = full speed. */
export const CPU_THROTTLE = Math.max(1, Number(process.env.E2E_CPU_THROTTLE) || 1)

/** A content-policy violation as the page reported it. */
export interface CspViolation { url: string; directive: string; blocked: string; source: string; line: number; sample: string }
const violations = new WeakMap<BrowserContext, CspViolation[]>()

/** The context's violations so far; a test that provokes some on purpose takes them out with `.splice(0)`. */
export const cspViolations = (context: BrowserContext): CspViolation[] => violations.get(context) ?? []

/** Every page of the context reports content-policy violations; the test fails on any it did not take out. */
export async function watchContentPolicy(context: BrowserContext) {
  const seen: CspViolation[] = []
  violations.set(context, seen)
  await context.exposeBinding('__cspViolation', ({ page }, v: Omit<CspViolation, 'url'>) => { seen.push({ url: page.url(), ...v }) })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: unknown): void }).__cspViolation({
        directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample,
      })
    }, true)
  })
  onTestFinished(() => {
    if (seen.length) throw new Error(`Content-Security-Policy violations:\n${seen.map((v) => JSON.stringify(v)).join('\n')}`)
  })
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'zh-CN', viewport: { width: 1400, height: 900 } })
  await watchContentPolicy(context)
  const page = await context.newPage()
  page.setDefaultTimeout(15_000 * CPU_THROTTLE)
  if (CPU_THROTTLE > 1) await throttle(page, CPU_THROTTLE)
  return { context, page }
}

/** Slows the page's main thread `rate` times (Chromium's CPU throttling, as DevTools' performance panel does). */
export async function throttle(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
}

/** Logs in through the login page by keyboard, as an operator would. */
export async function loginAs(page: Page, username = 'admin', password = E2E_PASSWORD, path = '/login') {
  await page.goto(path)
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-password').press('Enter')
  await page.getByTestId('topbar').waitFor()
}

/** Opens the palette with Ctrl+K and runs a command by typing. */
export async function palette(page: Page, query: string, commandId?: string) {
  await page.keyboard.press('Control+k')
  const input = page.getByTestId('palette-input')
  await input.waitFor()
  await input.fill(query)
  if (commandId) {
    await page.locator(`[data-command-id="${commandId}"]`).first().waitFor()
    // Move the cmdk selection onto the wanted item by keyboard.
    for (let i = 0; i < 50; i++) {
      const selected = await page.locator('[cmdk-item][data-selected="true"]').getAttribute('data-command-id')
      if (selected === commandId) break
      await page.keyboard.press('ArrowDown')
    }
  }
  await page.keyboard.press('Enter')
}

/** Direct API call from the test (setup only, never for what is being tested). */
export async function api(path: string, token?: string, body?: unknown) {
  const r = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return r.json()
}
