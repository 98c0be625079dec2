// The command registry: duplicates refused at definition, filtering by menu_list and `when`, the palette's own matcher.
import { afterEach, describe, expect, it } from 'vitest'
import type { Command, CommandContext } from '../../src/core/command'
import { defineCommands, matchCommands, unregisterCommands, visibleCommands } from '../../src/core/registry'
import { formatHotkey, normalizeHotkey } from '../../src/core/hotkey-spec'

const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({
  product: 'p1', list: null, rows: [], args: {}, navigate: () => {}, ...over,
})

const screens: Command[] = [
  { id: 'admin.adminList', title: '管理员列表', menu: '/layout/admin/admins', path: '/layout/admin/admins' },
  { id: 'admin.createAdmin', title: '新增管理员', menu: '/layout/admin/admins', path: '/layout/admin/admins/create' },
  { id: 'admin.operationLog', title: '操作日志', menu: '/layout/admin/log', path: '/layout/admin/log' },
  { id: 'finance.withdrawList', title: '提现记录', menu: '/layout/finance/withdraw', path: '/layout/finance/withdraw' },
  { id: 'home.openHome', title: '首页', path: '/layout/home' },
]

afterEach(() => unregisterCommands())

describe('defineCommands', () => {
  it('refuses a duplicate id', () => {
    defineCommands([{ id: 'test.one', title: '一', run: () => 1 }])
    expect(() => defineCommands([{ id: 'test.one', title: '又一', run: () => 2 }])).toThrow(/duplicate command id/)
  })

  it('refuses a duplicate hotkey, however it is spelled', () => {
    defineCommands([{ id: 'test.one', title: '一', hotkey: 'Shift+D', run: () => 1 }])
    expect(() => defineCommands([{ id: 'test.two', title: '二', hotkey: 'shift+d', run: () => 2 }])).toThrow(/duplicate hotkey/)
    defineCommands([{ id: 'test.help', title: '帮助', hotkey: '?', run: () => 3 }])
    expect(() => defineCommands([{ id: 'test.help2', title: '帮助2', hotkey: 'shift+/', run: () => 4 }])).toThrow(/duplicate hotkey/)
  })

  it('lets row commands of different lists share a key, never with a global command or on one list', () => {
    defineCommands([{ id: 'test.approveA', title: '通过', hotkey: 'a', on: 'rows', list: '/list/a', run: () => 1 }])
    defineCommands([{ id: 'test.approveB', title: '确认', hotkey: 'a', on: 'rows', list: '/list/b', run: () => 2 }])
    expect(() => defineCommands([{ id: 'test.approveA2', title: '又一', hotkey: 'a', on: 'rows', list: '/list/a', run: () => 3 }])).toThrow(/duplicate hotkey "a": test.approveA/)
    expect(() => defineCommands([{ id: 'test.anywhere', title: '全局', hotkey: 'a', run: () => 4 }])).toThrow(/duplicate hotkey/)
    defineCommands([{ id: 'test.global', title: '全局', hotkey: 'g', run: () => 5 }])
    expect(() => defineCommands([{ id: 'test.rowG', title: '行', hotkey: 'g', on: 'rows', list: '/list/a', run: () => 6 }])).toThrow(/duplicate hotkey "g": test.global/)
    unregisterCommands(['test.approveB'])
    defineCommands([{ id: 'test.approveB2', title: '确认', hotkey: 'a', on: 'rows', list: '/list/b', run: () => 7 }])
  })

  it('refuses the keys the shell and the table kit own', () => {
    expect(() => defineCommands([{ id: 'test.jump', title: '跳', hotkey: 'j', run: () => 1 }])).toThrow(/reserved/)
    expect(() => defineCommands([{ id: 'test.palette', title: '面板', hotkey: 'ctrl+k', run: () => 1 }])).toThrow(/reserved/)
  })
})

describe('hotkey labels', () => {
  it('normalises and formats', () => {
    expect(normalizeHotkey('Ctrl+Shift+A, ?')).toEqual(['ctrl+shift+a', 'shift+/'])
    expect(formatHotkey('shift+/')).toBe('?')
    expect(formatHotkey('alt+a')).toBe('Alt+A')
  })
})

describe('visibleCommands', () => {
  it('keeps commands whose menu is in menu_list, and commands without a menu', () => {
    defineCommands(screens)
    defineCommands([{ id: 'test.logout', title: '退出', run: () => {} }])
    const ids = visibleCommands(['/layout/admin/admins'], ctx()).map((c) => c.id)
    expect(ids).toEqual(['admin.adminList', 'admin.createAdmin', 'home.openHome', 'test.logout'])
  })

  it('applies `when` and row targeting', () => {
    defineCommands([
      { id: 'test.onlyP2', title: '仅P2', when: (c) => c.product === 'p2', run: () => {} },
      { id: 'finance.approveWithdraw', title: '通过提现', menu: '/layout/finance/withdraw', on: 'rows', list: '/layout/finance/withdraw',
        when: (c) => c.rows.every((r) => r.status === 3), run: () => {} },
    ])
    const list = ['/layout/finance/withdraw']
    expect(visibleCommands(list, ctx()).map((c) => c.id)).toEqual([])
    expect(visibleCommands(list, ctx({ product: 'p2' })).map((c) => c.id)).toEqual(['test.onlyP2'])
    const rows = (status: number) => ctx({ list: '/layout/finance/withdraw', rows: [{ id: 1, status }] })
    expect(visibleCommands(list, rows(3)).map((c) => c.id)).toEqual(['finance.approveWithdraw'])
    expect(visibleCommands(list, rows(1)).map((c) => c.id)).toEqual([])
    expect(visibleCommands([], rows(3)).map((c) => c.id)).toEqual([])
  })
})

describe('row keys', () => {
  const W = '/layout/finance/withdraw'
  const run = () => {}

  it('a row command declares the generic key it answers on its list: one per list and kind, rows only', () => {
    defineCommands([{ id: 'finance.editWithdraw', title: '编辑提现', menu: W, on: 'rows', list: W, rowKey: 'edit', run }])
    defineCommands([{ id: 'member.editMember', title: '编辑会员', menu: '/layout/member', on: 'rows', list: '/layout/member', rowKey: 'edit', run }])
    expect(() => defineCommands([{ id: 'finance.fixWithdraw', title: '修正提现', menu: W, on: 'rows', list: W, rowKey: 'edit', run }]))
      .toThrow(/duplicate rowKey "edit"/)
    expect(() => defineCommands([{ id: 'test.noList', title: '无列表', rowKey: 'delete', run }])).toThrow(/needs on: 'rows' and a list/)
  })

  it('finds the focused list’s command for a key, only when permitted and applicable', async () => {
    const { rowKeyCommand } = await import('../../src/core/registry')
    const { sessionState } = await import('../../src/core/session')
    defineCommands([
      { id: 'finance.editWithdraw', title: '编辑提现', menu: W, on: 'rows', list: W, rowKey: 'edit', when: (c) => c.rows.length === 1, run },
      { id: 'finance.deleteWithdraw', title: '删除提现', menu: W, on: 'rows', list: W, rowKey: 'delete', run },
      { id: 'member.deleteMember', title: '删除会员', menu: '/layout/member', on: 'rows', list: '/layout/member', rowKey: 'delete', run },
    ])
    sessionState.user = { menu_list: [W] } as unknown as typeof sessionState.user
    const on = (list: string | null, n: number) => ctx({ list, rows: Array.from({ length: n }, (_, i) => ({ id: i + 1 })) })
    expect(rowKeyCommand('edit', on(W, 1))?.id).toBe('finance.editWithdraw')
    expect(rowKeyCommand('edit', on(W, 2))).toBeUndefined()
    expect(rowKeyCommand('delete', on(W, 2))?.id).toBe('finance.deleteWithdraw')
    expect(rowKeyCommand('delete', on(W, 0))).toBeUndefined()
    expect(rowKeyCommand('delete', on(null, 1))).toBeUndefined()
    expect(rowKeyCommand('delete', on('/layout/member', 1))).toBeUndefined()
    sessionState.user = null
  })
})

describe('matchCommands', () => {
  it('finds 管理员列表 by initials and by full pinyin', () => {
    defineCommands(screens)
    expect(matchCommands('glylb', screens)[0].title).toBe('管理员列表')
    expect(matchCommands('guanliyuan', screens)[0].title).toBe('管理员列表')
    expect(matchCommands('guanliyuan', screens).map((c) => c.title)).toContain('新增管理员')
  })

  it('finds 操作日志 by czrz, 提现 by tx and tixian, and commands by id', () => {
    expect(matchCommands('czrz', screens).map((c) => c.title)).toEqual(['操作日志'])
    expect(matchCommands('tx', screens)[0].title).toBe('提现记录')
    expect(matchCommands('tixian', screens)[0].title).toBe('提现记录')
    expect(matchCommands('admin.operationLog', screens)[0].id).toBe('admin.operationLog')
    expect(matchCommands('管理员', screens).map((c) => c.id)).toEqual(['admin.adminList', 'admin.createAdmin'])
  })

  it('ranks exact and prefix matches first, and recent commands first on an empty query', () => {
    expect(matchCommands('首页', screens)[0].id).toBe('home.openHome')
    expect(matchCommands('xzgly', screens)[0].title).toBe('新增管理员')
    expect(matchCommands('', screens, ['admin.operationLog', 'home.openHome']).slice(0, 2).map((c) => c.id))
      .toEqual(['admin.operationLog', 'home.openHome'])
    expect(matchCommands('', screens, [], 2)).toHaveLength(2)
    expect(matchCommands('zzzz', screens)).toEqual([])
  })
})

describe('runCommand', () => {
  it('checks arguments, shows the confirm preview, and runs only when confirmed', async () => {
    const { runCommand } = await import('../../src/core/registry')
    const { answerConfirm, confirmState } = await import('../../src/core/dialogs')
    const ran: unknown[] = []
    defineCommands([{
      id: 'test.addQuota', title: '增加额度',
      args: [{ name: 'amount', title: '金额', validate: (v) => (/^\d+(\.\d{1,2})?$/.test(v) ? null : '金额格式不正确') }],
      confirm: (c) => ({ title: '增加额度', lines: [`金额 ${String(c.args.amount)}`], danger: true }),
      run: (c) => { ran.push(c.args.amount); return 'done' },
    }])
    await expect(runCommand('test.addQuota')).rejects.toThrow(/缺少参数 金额/)
    await expect(runCommand('test.addQuota', { amount: 'abc' })).rejects.toThrow('金额格式不正确')

    const cancelled = runCommand('test.addQuota', { amount: '10.50' })
    await Promise.resolve()
    expect(confirmState.pending?.preview.lines).toEqual(['金额 10.50'])
    answerConfirm(false)
    expect(await cancelled).toBeUndefined()

    const confirmed = runCommand('test.addQuota', { amount: '10.50' })
    await Promise.resolve()
    answerConfirm(true)
    expect(await confirmed).toBe('done')
    expect(ran).toEqual(['10.50'])
  })

  it('refuses unknown commands and commands outside menu_list', async () => {
    const { runCommand } = await import('../../src/core/registry')
    defineCommands(screens)
    await expect(runCommand('nope.nothing')).rejects.toThrow(/未知命令/)
    await expect(runCommand('admin.operationLog')).rejects.toThrow(/没有权限/)
  })
})
