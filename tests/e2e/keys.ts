// Keyboard helpers for the admin screens' browser tests: reaching an element by Tab, filtering a list with `/`,
// moving the focused row with j/k, and API setup calls as the super admin (setup only, never what is tested).
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { api, E2E_PASSWORD } from './browser'

/** expect.poll with room for a list to reload (the default second is short for a fetch and a render). */
export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 50 })

/** Presses Tab until the focused element matches the selector (keyboard only; fails when it never gets there). */
export async function tabTo(page: Page, selector: string, max = 120) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${selector}`)
}

/** Presses Tab until the focused element (or its label) shows the text, e.g. one role checkbox among many. */
export async function tabToText(page: Page, text: string, max = 120) {
  for (let i = 0; i < max; i++) {
    const here = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      return (el?.closest('label')?.textContent ?? el?.textContent ?? '').trim()
    })
    if (here === text || here.startsWith(text)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached an element showing ${text}`)
}

/** Focuses the list's grid by Tab. */
export async function focusGrid(page: Page) {
  await page.getByTestId('data-table').waitFor()
  await tabTo(page, '[data-testid="data-table"]')
}

/** From the grid: `/` to the first filter, replaces its text, Enter applies, Esc returns to the grid; waits for the rows. */
export async function filterBy(page: Page, text: string, rowText = text) {
  await focusGrid(page)
  await page.keyboard.press('/')
  await poll(() => page.evaluate(() => document.activeElement?.closest('form[role="search"]') !== null)).toBe(true)
  await page.keyboard.press('Control+a')
  await page.keyboard.type(text)
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('data-table')
  await poll(() => rowTexts(page)).toEqual([expect.stringContaining(rowText)])
}

export async function rowTexts(page: Page): Promise<string[]> {
  if ((await page.getByTestId('data-table').getAttribute('data-state')) !== 'ok') return ['(loading)']
  return page.getByTestId('row').allInnerTexts()
}

/** Moves the grid's focused row with j (or k) until the row showing `text` (or with that row id) is focused. */
export async function focusRow(page: Page, text: string | { id: string | number }) {
  const target = typeof text === 'string'
    ? page.getByTestId('row').filter({ hasText: text }).first()
    : page.locator(`[data-testid="row"][data-row-id="${text.id}"]`)
  await target.waitFor()
  await focusGrid(page)
  const want = await target.getAttribute('data-row-id')
  const total = await page.getByTestId('row').count()
  for (let i = 0; i <= total * 2 + 2; i++) {
    const at = await page.evaluate(() => document.querySelector('[data-testid="row"][data-focused]')?.getAttribute('data-row-id') ?? null)
    if (at === want) return want!
    const rows = await page.getByTestId('row').evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id')))
    await page.keyboard.press(at !== null && rows.indexOf(at) > rows.indexOf(want) ? 'k' : 'j')
  }
  throw new Error(`j/k never reached the row ${JSON.stringify(text)}`)
}

/**
 * The confirm dialog once it answers Enter: a confirm ignores an Enter pressed before it was on screen for
 * CONFIRM_ARM_MS (type-ahead safety), so a test that means to confirm waits for that state first.
 */
export const armedConfirm = (page: Page) => page.locator('[data-testid="confirm-dialog"][data-armed="true"]')

/** Text of the one toast (waits for one showing the text). */
export async function toastWith(page: Page, text: string) {
  await page.getByTestId('toast').filter({ hasText: text }).waitFor()
  expect(await page.getByTestId('toast').count()).toBe(1)
}

/** The login body with the password RSA-encrypted in Node, as the console does in the browser. */
export async function loginBody(username: string, password = E2E_PASSWORD, google_code?: string) {
  const { encryptForLogin } = await import('../../src/server/auth/rsa')
  const cfg = await api('/common/configs')
  return { username, password: encryptForLogin(cfg.data.public_key, password), ...(google_code ? { google_code } : {}) }
}

export async function tokenOf(username: string, password = E2E_PASSWORD): Promise<string> {
  const r = await api('/api/login', undefined, await loginBody(username, password))
  if (r.code !== 200) throw new Error(`login ${username}: ${r.msg}`)
  return r.data.token
}

/** Creates a role (and optionally an admin holding it) through the API as the super admin. */
export async function apiRole(token: string, name: string, remark = ''): Promise<number> {
  const r = await api('/api/sysrole/create', token, { name, remark })
  if (r.code !== 200) throw new Error(`role ${name}: ${r.msg}`)
  return r.data.id
}

export async function apiAdmin(token: string, username: string, roleIds: number[], password = E2E_PASSWORD): Promise<number> {
  const cfg = await api('/common/configs')
  const { encryptForLogin } = await import('../../src/server/auth/rsa')
  const r = await api('/api/sysadmin/create', token, {
    username, nickname: `${username}昵称`, password: encryptForLogin(cfg.data.public_key, password), role_ids: roleIds, status: 1,
  })
  if (r.code !== 200) throw new Error(`admin ${username}: ${r.msg}`)
  return r.data.id
}

/** A short unique suffix for names (letters and digits, fits a 32-character username). */
export const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`
