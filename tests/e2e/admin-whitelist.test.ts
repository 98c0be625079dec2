// 总控白名单 by keyboard only: invalid addresses keep the form with the field's message, create/edit/delete entries,
// switch the master switch on (the confirm shows your IP) and off again — always left OFF for the other files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { api, launch, loginAs, newPage, palette } from './browser'
import { armedConfirm, focusGrid, focusRow, poll, rowTexts, toastWith, tokenOf, uniq } from './keys'

let browser: Browser
let token: string
beforeAll(async () => {
  browser = await launch()
  token = await tokenOf('admin')
})
afterAll(async () => {
  // Whatever happened above, the switch ends OFF so no other file is locked out.
  if (token) await api('/api/syswhitelist/switch', token, { enabled: false })
  await browser?.close()
})

const ipError = (page: Page) => page.locator('[data-field="ip"] .kit-error')

/** Opens 新增白名单 from the palette and types the address (the IP field has focus first). */
async function openCreate(page: Page, ip: string) {
  await palette(page, '新增白名单', 'admin.createWhitelist')
  await page.getByTestId('form-dialog').waitFor()
  await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('fld-ip')
  await page.keyboard.type(ip)
}

async function switchTo(page: Page, on: boolean) {
  await palette(page, 'kaiguan baimingdan', 'admin.switchWhitelist')
  const confirm = armedConfirm(page)
  await confirm.waitFor()
  const text = await confirm.innerText()
  expect(text).toContain(on ? '开启总控白名单' : '关闭总控白名单')
  expect(text).toContain('您当前的 IP：127.0.0.1')
  await page.keyboard.press('Enter')
  await poll(() => page.getByTestId('whitelist-switch').getAttribute('data-enabled')).toBe(String(on))
  return text
}

describe('总控白名单', () => {
  it('validates, creates, edits, switches on and off, and deletes by keyboard', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page)
    await palette(page, 'zkbmd', 'admin.whitelistList')
    await page.waitForURL(/\/layout\/admin\/whitelist$/)
    const banner = page.getByTestId('whitelist-switch')
    await banner.waitFor()
    expect(await banner.getAttribute('data-enabled')).toBe('false')
    expect(await page.getByTestId('your-ip').innerText()).toBe('127.0.0.1')
    const n = 1 + (Date.now() % 250)
    const net = `10.${n}.0.0/16`

    // Not an address at all: the form's own check; a well-shaped but impossible one: the server's message under IP.
    await openCreate(page, 'zzz')
    await page.keyboard.press('Enter')
    await poll(() => ipError(page).innerText()).toBe('请输入 IPv4、IPv6 地址或 CIDR 网段')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('300.1.2.3')
    await page.keyboard.press('Tab')
    await page.keyboard.type('临时网段')
    await page.keyboard.press('Enter')
    await poll(() => ipError(page).innerText()).toContain('IP地址格式不正确')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('fld-ip')
    expect(await page.locator('#fld-ip').inputValue()).toBe('300.1.2.3')
    expect(await page.locator('#fld-remark').inputValue()).toBe('临时网段')
    await page.keyboard.press('Control+a')
    await page.keyboard.type(net)
    await page.keyboard.press('Enter')
    await page.getByTestId('form-dialog').waitFor({ state: 'detached' })
    await poll(() => rowTexts(page)).toContainEqual(expect.stringContaining(net))

    // The browser's own address (127.0.0.1), marked 本机.
    const remark = `本机${uniq()}`
    await openCreate(page, '127.0.0.1')
    await page.keyboard.press('Tab')
    await page.keyboard.type(remark)
    await page.keyboard.press('Enter')
    await poll(() => rowTexts(page)).toContainEqual(expect.stringContaining(remark))
    expect(await page.getByTestId('row').filter({ hasText: remark }).innerText()).toContain('本机')

    // Edit the network: `e` on the focused row; a narrower network and a new remark.
    const net2 = `10.${n}.1.0/24`
    await focusGrid(page)
    await focusRow(page, net)
    await page.keyboard.press('e')
    await page.getByTestId('form-dialog').waitFor()
    expect(await page.locator('#fld-ip').inputValue()).toBe(net)
    await page.keyboard.press('Control+a')
    await page.keyboard.type(net2)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('已编辑')
    await page.keyboard.press('Enter')
    await poll(() => rowTexts(page)).toContainEqual(expect.stringMatching(new RegExp(`${net2.replace(/\./g, '\\.')}\\s+已编辑`)))
    expect((await rowTexts(page)).some((t) => t.includes(net))).toBe(false)

    try {
      // On: the confirm shows the caller's IP and the entry count; the console keeps working from a listed address.
      const total = (await api('/api/syswhitelist/index', token)).data.total
      const text = await switchTo(page, true)
      expect(text).toContain(`共 ${total} 条`)
      expect(await banner.innerText()).toContain('已开启')
      await toastWith(page, '开关总控白名单：操作成功')
      await page.reload()
      await poll(() => rowTexts(page)).toContainEqual(expect.stringContaining(remark))

      // Deleting the entry that lets you in is refused while the switch is on: one toast with the reason.
      await focusGrid(page)
      await focusRow(page, remark)
      await page.keyboard.press('Shift+D')
      await armedConfirm(page).waitFor()
      await page.keyboard.press('Enter')
      await toastWith(page, '此操作会使您当前的IP（127.0.0.1）无法访问后台，已拒绝')
      expect((await rowTexts(page)).some((t) => t.includes(remark))).toBe(true)
    } finally {
      await switchTo(page, false)
    }
    expect(await banner.innerText()).toContain('已关闭')
    expect((await api('/api/syswhitelist/index', token)).data.enabled).toBe(false)

    // Both entries selected with x, Shift+D deletes them together.
    await focusGrid(page)
    await focusRow(page, remark)
    await page.keyboard.press('x')
    await focusRow(page, net2)
    await page.keyboard.press('x')
    await poll(() => page.locator('[data-testid="row"][data-selected]').count()).toBe(2)
    await page.keyboard.press('Shift+D')
    const confirm = armedConfirm(page)
    await confirm.waitFor()
    expect(await confirm.innerText()).toContain('删除 2 条白名单')
    await page.keyboard.press('Enter')
    await poll(async () => (await rowTexts(page)).some((t) => t.includes(remark) || t.includes(net2))).toBe(false)
    const left = (await api('/api/syswhitelist/index?per_page=1000', token)).data.items as { remark: string; ip: string }[]
    expect(left.filter((e) => e.remark === remark || e.ip === net2)).toEqual([])
    await context.close()
  })
})
