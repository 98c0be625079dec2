// 会员风控 by keyboard: open the member list from the palette, filter it by a risk level, set a tag on the focused
// member through the palette (an exclusive clash shows the server's message in the form), add a note with its key,
// open the drawer and read the tags, the note and the turnover figures there, and waive the turnover from the drawer
// with a preview of the amount. The member's turnover requirements are made beforehand through the domain functions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, loginAs, palette, watchContentPolicy } from './browser'
import { startFinanceServer, type FinanceServer } from './finance-server'
import { armedConfirm, focusGrid, focusRow, poll, rowTexts, tabTo, tabToText, toastWith } from './keys'
import { addRequirement, consumeTurnover, TURNOVER } from '../../src/server/risk/turnover'

let browser: Browser
let srv: FinanceServer
const P = 'alpha'
const idOf = async (username: string): Promise<number> => (await srv.api(`/api/member/index?username=${username}`)).data.items[0].id

beforeAll(async () => {
  // kbfin2 owes turnover on a recharge (500.00 × 1) and a gift (100.00 × 3), 350.00 of it played, and is frozen.
  srv = await startFinanceServer(async (db) => {
    const id = (await db.query<{ id: number }>('select id from members where username = $1', ['kbfin2'])).rows[0].id
    await addRequirement(db, P, { member_id: id, source: TURNOVER.recharge, ref: 'e2e:r:1', amount: 50_000, multiple: 1 })
    await addRequirement(db, P, { member_id: id, source: TURNOVER.gift, ref: 'e2e:g:1', amount: 10_000, multiple: 3 })
    await consumeTurnover(db, P, [{ member_id: id, stake: 35_000 }])
    await db.query(`update members set withdraw_blocked = true, register_device = 'kb-dev-2' where id = $1`, [id])
  })
  browser = await launch()
  const tag = async (body: Record<string, unknown>) => (await srv.api('/api/tag/create', body)).data.id as number
  const watch = await tag({ name: '关注', risk_level: 1, exclusive: 'grade', color: '#2563eb' })
  await tag({ name: '黑名单', risk_level: 3, exclusive: 'grade' })
  await tag({ name: 'VIP', risk_level: 0, color: '#ca8a04' })
  for (const u of ['kbfin2', 'kbfin4']) expect((await srv.api('/api/member/tags', { member_id: await idOf(u), tag_ids: [watch] })).code).toBe(200)
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await srv?.stop()
})

describe('会员风控', () => {
  it('filters by risk level, tags and notes a member from the palette, and reads and waives its turnover in the drawer', async () => {
    const context = await browser.newContext({ baseURL: srv.base, locale: 'zh-CN', viewport: { width: 1400, height: 900 } })
    await watchContentPolicy(context)
    const page = await context.newPage()
    await loginAs(page)

    await palette(page, 'hylb', 'member.memberList')
    await page.waitForURL(/\/layout\/member(\?|$)/)
    // 风险等级 = 关注: `/` to the filters, Tab to the select, ↓ twice (全部 → 正常 → 关注) applies it.
    await focusGrid(page)
    await page.keyboard.press('/')
    await tabTo(page, '#flt-risk_level')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.waitForURL((u) => u.searchParams.get('risk_level') === '1')
    await page.keyboard.press('Escape')
    await poll(async () => (await rowTexts(page)).map((r) => r.split(/\s+/)[1])).toEqual(['kbfin4', 'kbfin2'])
    expect((await rowTexts(page)).every((r) => r.includes('关注'))).toBe(true)
    expect((await rowTexts(page))[1]).toContain('冻结提现')

    // 设置会员标签 from the palette on the focused row: 黑名单 clashes with 关注 (one exclusive group), VIP does not.
    await focusRow(page, 'kbfin2')
    await palette(page, 'szhybq', 'member.setTags')
    const form = page.getByTestId('form-dialog')
    await form.waitFor()
    expect(await form.innerText()).toContain('设置会员标签：kbfin2')
    await tabToText(page, '黑名单')
    await page.keyboard.press('Space')
    await page.keyboard.press('Enter')
    await poll(() => form.locator('.kit-form-top').innerText()).toBe('「关注」与「黑名单」属于同一互斥组（grade），不能同时持有')
    await page.keyboard.press('Space')
    await tabToText(page, 'VIP')
    await page.keyboard.press('Space')
    await page.keyboard.press('Enter')
    await form.waitFor({ state: 'detached' })
    await toastWith(page, '设置会员标签：操作成功')
    await poll(async () => (await rowTexts(page))[1]).toContain('VIP')

    // 添加会员备注 with its key (n) on the same row: the text is asked in the palette.
    await focusRow(page, 'kbfin2')
    await page.keyboard.press('n')
    await page.locator('[data-testid="palette-arg"][data-arg="text"]').waitFor()
    await page.keyboard.type('来电要求提现，已核实身份')
    await page.keyboard.press('Enter')
    await toastWith(page, '添加会员备注：操作成功')

    // The drawer (Enter): tags, level, freeze, the note with its author, and the turnover with its sources.
    await focusRow(page, 'kbfin2')
    await page.keyboard.press('Enter')
    const detail = page.getByTestId('member-detail')
    await detail.waitFor()
    expect(await detail.getAttribute('data-member')).toBe('kbfin2')
    const risk = page.getByTestId('member-risk-section')
    expect(await page.getByTestId('member-tags').innerText()).toMatch(/关注\s*VIP/)
    expect(await risk.innerText()).toContain('冻结提现')
    expect(await risk.innerText()).toContain('kb-dev-2')
    const notes = await page.getByTestId('member-notes').innerText()
    expect(notes).toContain('来电要求提现，已核实身份')
    expect(notes).toMatch(/admin · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)
    expect(await risk.locator('[data-command="member.unblockWithdraw"]').count()).toBe(1)
    await poll(() => page.getByTestId('turnover-remaining').innerText()).toBe('450.00')
    expect(await page.getByTestId('turnover-required').innerText()).toBe('800.00')
    expect(await page.getByTestId('turnover-done').innerText()).toBe('350.00')
    const turnover = await page.getByTestId('member-turnover').innerText()
    expect(turnover).toContain('充值')
    expect(turnover).toContain('彩金')
    await page.screenshot({ path: '/tmp/member-drawer.png' })

    // 免除打码量 from the drawer: the reason in the palette, then a preview naming the 450.00 it clears.
    await tabTo(page, '[data-command="member.waiveTurnover"]')
    await page.keyboard.press('Enter')
    await page.locator('[data-testid="palette-arg"][data-arg="remark"]').waitFor()
    await page.keyboard.type('客诉补偿')
    await page.keyboard.press('Enter')
    await armedConfirm(page).waitFor()
    const preview = await page.getByTestId('confirm-dialog').innerText()
    expect(preview).toContain('免除 kbfin2 剩余打码量 450.00 元')
    expect(preview).toContain('原因：客诉补偿')
    await page.keyboard.press('Enter')
    await toastWith(page, '免除打码量：操作成功')
    await poll(() => page.getByTestId('turnover-remaining').innerText()).toBe('0.00')
    expect(await page.getByTestId('member-turnover').innerText()).toContain('已免除')
    await page.keyboard.press('Escape')
    await detail.waitFor({ state: 'detached' })
    await context.close()
  })
})
