// 会员管理 by keyboard only: create a member on the routed form, edit it from its row, bind a card to it, find it from
// anywhere by username and read it in the drawer; a limited role (客服) sees the member screens but not finance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { api, launch, loginAs, newPage, palette } from './browser'
import { filterBy, focusRow, poll, rowTexts, toastWith, tokenOf, uniq } from './keys'
import { cardNumber } from '../../src/server/sim/people'
import { rng } from '../../src/server/sim/rng'

let browser: Browser
beforeAll(async () => { browser = await launch() })
afterAll(async () => { await browser?.close() })

const focusedId = (page: import('playwright-core').Page) => page.evaluate(() => document.activeElement?.id ?? '')

describe('会员管理', () => {
  it('creates, edits, binds a card and finds the member by username, keyboard only', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page)
    const username = `m${uniq()}`.slice(0, 16)

    await palette(page, 'xzhy', 'member.createMember')
    await page.waitForURL(/\/layout\/member\/create$/)
    await poll(() => focusedId(page)).toBe('fld-username')
    await page.keyboard.type(username)
    await page.keyboard.press('Tab')
    await page.keyboard.type('pass1234')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.type('键盘会员')
    await page.keyboard.press('Tab')
    await page.keyboard.type('张三丰')
    await page.keyboard.press('Tab')
    await page.keyboard.type('13812345678')
    await page.keyboard.press('Control+Enter')
    await page.waitForURL(/\/layout\/member(\?|$)/)
    await toastWith(page, '会员已创建')
    await filterBy(page, username)
    const created = (await rowTexts(page))[0]
    expect(created).toContain('键盘会员')
    expect(created).toContain('138****5678')
    expect(created).not.toContain('13812345678')

    // Edit from the focused row: e opens the routed page; the nickname is the fourth field.
    await focusRow(page, username)
    await page.keyboard.press('e')
    await page.waitForURL(/\/layout\/member\/edit\?id=\d+/)
    await poll(() => page.locator('#fld-username').inputValue()).toBe(username)
    await poll(() => focusedId(page)).toBe('fld-username')
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
    expect(await focusedId(page)).toBe('fld-nickname')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('改过的昵称')
    await page.keyboard.press('Enter')
    await page.waitForURL((u) => u.pathname === '/layout/member' && u.searchParams.get('username') === username)
    await poll(async () => (await rowTexts(page))[0]).toContain('改过的昵称')

    // Bind a card: the holder must be the member's real name; the list shows the number masked.
    const cardNo = cardNumber(rng(Date.now() % 100000))
    await palette(page, '绑定银行卡', 'member.bindCard')
    await page.getByTestId('form-dialog').waitFor()
    await poll(() => focusedId(page)).toBe('fld-username')
    await page.keyboard.type(username)
    await page.keyboard.press('Tab')
    await page.keyboard.type('张三丰')
    await page.keyboard.press('Tab')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.type(cardNo)
    await page.keyboard.press('Enter')
    await page.getByTestId('form-dialog').waitFor({ state: 'detached' })

    // Setup, not what is tested: a manual top-up through the finance API gives the member a balance history.
    const topUp = await api('/api/giftmoney/create', await tokenOf('admin'), { type: 6, username, amount: '123.45', remark: '测试加款' })
    expect(topUp.code).toBe(200)

    // 查找会员 from anywhere (Alt+M): the username argument suggests as it is typed; Enter opens the drawer.
    await palette(page, '银行卡', 'member.cardList')
    await page.waitForURL(/\/layout\/member\/banks/)
    await poll(async () => (await rowTexts(page)).join('\n')).toContain(`**** **** ${cardNo.slice(-4)}`)
    await page.keyboard.press('Alt+m')
    await page.getByTestId('palette-input').waitFor()
    await page.keyboard.type(username)
    await page.locator(`[data-choice-value]`).filter({ hasText: username }).first().waitFor()
    await page.keyboard.press('Enter')
    const detail = page.getByTestId('member-detail')
    await detail.waitFor()
    expect(await detail.getAttribute('data-member')).toBe(username)
    expect(await detail.innerText()).toContain('13812345678')
    await poll(() => page.getByTestId('member-cards').innerText()).toContain(cardNo.slice(-4))
    // Its balance and its history: the top-up as 人工加款 with the balance after it.
    expect(await page.getByTestId('member-balance').innerText()).toBe('123.45')
    const history = await page.getByTestId('member-changes').innerText()
    expect(history).toContain('人工加款')
    expect(history).toContain('测试加款')
    expect(history.match(/123\.45/g)?.length).toBe(2)
    await page.keyboard.press('Escape')
    await detail.waitFor({ state: 'detached' })
    await context.close()
  })

  it('lets 客服 reach the member screens but not finance', async () => {
    const { context, page } = await newPage(browser)
    await loginAs(page, 'kefu')
    const sidebar = await page.getByTestId('sidebar').innerText()
    expect(sidebar).toContain('会员管理')
    expect(sidebar).not.toContain('财务管理')
    await palette(page, 'hylb', 'member.memberList')
    await page.waitForURL(/\/layout\/member(\?|$)/)
    await page.getByTestId('data-table').waitFor()
    // No finance command in the palette, and a finance screen's address answers 403.
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').fill('提现')
    await poll(() => page.locator('[cmdk-item][data-command-id^="finance."]').count()).toBe(0)
    await page.keyboard.press('Escape')
    await page.goto('/layout/finance/withdraw')
    await page.waitForURL(/\/403$/)
    await context.close()
  })
})
