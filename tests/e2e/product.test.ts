// 产品管理员 by keyboard only: create (dialog, RSA password), edit with `e`, reset the Google authenticator with Shift+G
// (confirmed; the admin then logs in without a code), delete with Shift+D.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { api, launch, loginAs, newPage, palette } from './browser'
import { armedConfirm, filterBy, focusRow, loginBody, poll, rowTexts, tabToText, toastWith, tokenOf, uniq } from './keys'
import { currentCode } from '../../src/server/auth/totp'

let browser: Browser
beforeAll(async () => { browser = await launch() })
afterAll(async () => { await browser?.close() })

const PASSWORD = 'Pro-admin-2024'

describe('产品管理员', () => {
  it('creates, edits, resets Google and deletes a product admin by keyboard', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page)
    await palette(page, 'cpgly', 'product.proadminList')
    await page.waitForURL(/\/layout\/proadmin$/)
    await page.getByTestId('data-table').waitFor()
    const username = `kbp_${uniq()}`

    await palette(page, '新增产品管理员', 'product.createProadmin')
    const dialog = page.getByTestId('form-dialog')
    await dialog.waitFor()
    expect(await dialog.getByRole('heading').innerText()).toBe('新增产品管理员')
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('fld-username')
    await page.keyboard.type(username)
    await page.keyboard.press('Tab')
    await page.keyboard.type('产品键盘')
    await page.keyboard.press('Tab')
    await page.keyboard.type(PASSWORD)
    await dialog.locator('[data-field="role_ids"] input[type="checkbox"]').first().waitFor()
    await tabToText(page, '产品运营')
    await page.keyboard.press('Space')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await toastWith(page, '新增产品管理员：操作成功')
    await filterBy(page, username)
    const row = (await rowTexts(page))[0]
    expect(row).toContain('产品键盘')
    expect(row).toContain('alpha')
    expect(row).toContain('产品运营')
    expect(row).toContain('未开启')

    // The product admin switches its authenticator on (setup through the API with its own session).
    const own = await tokenOf(username, PASSWORD)
    const status = await api('/api/google/index', own)
    const on = await api('/api/google/set_google_auth', own, { is_open_google_auth: true, code: currentCode(status.data.secret) })
    expect(on.code).toBe(200)
    await page.reload()
    await poll(async () => (await rowTexts(page))[0]).toContain('已开启')

    // e: the edit dialog with its values; change the nickname, Enter saves.
    await focusRow(page, username)
    await page.keyboard.press('e')
    await dialog.waitFor()
    expect(await dialog.getByRole('heading').innerText()).toBe(`编辑产品管理员：${username}`)
    expect(await page.locator('#fld-password').inputValue()).toBe('')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('产品改名')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await poll(async () => (await rowTexts(page))[0]).toContain('产品改名')

    // Shift+G: the confirm says what happens; Enter resets; the column and the next login show it.
    await focusRow(page, username)
    await page.keyboard.press('Shift+G')
    const confirm = armedConfirm(page)
    await confirm.waitFor()
    const text = await confirm.innerText()
    expect(text).toContain('重置谷歌验证')
    expect(text).toContain(`${username}（产品改名）`)
    expect(text).toContain('重置后需重新绑定身份验证器')
    await page.keyboard.press('Enter')
    await toastWith(page, '重置谷歌验证：操作成功')
    await poll(async () => (await rowTexts(page))[0]).toContain('未开启')
    const again = await api('/api/login', undefined, await loginBody(username, PASSWORD))
    expect(again.code).toBe(200)

    // Shift+D: deleted.
    await focusRow(page, username)
    await page.keyboard.press('Shift+D')
    await confirm.waitFor()
    expect(await confirm.innerText()).toContain('删除 1 个产品管理员')
    await page.keyboard.press('Enter')
    await poll(() => rowTexts(page)).toEqual([])
    expect(await page.getByTestId('data-table').innerText()).toContain('暂无数据')
    expect((await api('/api/login', undefined, await loginBody(username, PASSWORD))).msg).toBe('用户名或密码错误')
    await context.close()
  })
})
