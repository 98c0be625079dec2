// The table kit's and the admin screens' pure rules: money text, CSV export, menu reordering and role grants.
import { describe, expect, it } from 'vitest'
import { formatMoney, formatValue } from '../../src/contract/format'
import { csvOf } from '../../src/server/db/list'
import { moveTo } from '../../src/views/admin/menu-order'
import { flatten, toggleMenu, togglePerm, partial } from '../../src/views/admin/role-menu-tree'
import type { MenuNode } from '../../src/contract/common'
import type { Permission } from '../../src/contract/admin'
import { ADMIN_STATUS } from '../../src/contract/enums'

const node = (id: number, label: string, children: MenuNode[] = [], parent_id: number | null = null): MenuNode =>
  ({ id, parent_id, label, web_uri: children.length ? null : `/layout/${id}`, path: null, hidden: false, sort: id, children })

describe('money and labels', () => {
  it('groups money strings with two decimals without floating point', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50')
    expect(formatMoney('-0.05')).toBe('-0.05')
    expect(formatMoney('90071992547409.99')).toBe('90,071,992,547,409.99')
    expect(formatMoney('')).toBe('')
  })

  it('shows labels, not ids', () => {
    expect(formatValue(1, ADMIN_STATUS)).toBe('启用')
    expect(formatValue([{ name: '财务' }, { name: '客服' }])).toBe('财务、客服')
  })
})

describe('CSV export', () => {
  it('starts with the UTF-8 BOM, uses the column titles and labels, and quotes what needs it', async () => {
    async function* one() { yield [{ id: 1, username: 'a,"b"', status: 0, money: '1234.5' }] }
    let csv = ''
    for await (const chunk of csvOf(
      [{ key: 'username', title: '用户名' }, { key: 'status', title: '状态', format: ADMIN_STATUS }, { key: 'money', title: '余额', format: 'money' }],
      one(),
    )) csv += chunk
    expect(csv.startsWith('\uFEFF用户名,状态,余额\r\n')).toBe(true)
    expect(csv).toContain('"a,""b""",禁用,1234.50\r\n')
  })
})

describe('menu reordering', () => {
  const tree = [node(1, '系统', [node(2, 'A', [], 1), node(3, 'B', [], 1), node(4, 'C', [], 1)])]

  it('moves a node among its siblings and answers the ids to save in order', () => {
    expect(moveTo(tree, 4, 0)!.ids).toEqual([4, 2, 3])
    expect(tree[0].children.map((n) => n.id)).toEqual([2, 3, 4]) // the original is untouched
  })

  it('does nothing at the edge', () => {
    expect(moveTo(tree, 2, -1)).toBeNull()
  })
})

describe('role grants', () => {
  const tree = [node(10, '系统', [node(11, '管理员', [], 10), node(12, '日志', [], 10)])]
  const perm = (id: number, menu_id: number, key: 'C' | 'R'): Permission =>
    ({ id, menu_id, key, name: `${menu_id}-${key}`, menu_label: '', menu_path: null, api_paths: [] })
  const perms = [perm(1, 11, 'R'), perm(2, 11, 'C'), perm(3, 12, 'R')]
  const lines = flatten(tree, perms)
  const empty = { menus: new Set<number>(), perms: new Set<number>() }

  it('granting a page grants its permissions and its directory', () => {
    const g = toggleMenu(lines, empty, lines.find((l) => l.node.id === 11)!, true)
    expect([...g.menus].sort()).toEqual([10, 11])
    expect([...g.perms].sort()).toEqual([1, 2])
    expect(partial(lines[0], g)).toBe(true)
  })

  it('granting one permission grants its page; revoking a directory revokes everything below', () => {
    const g = togglePerm(lines, empty, perms[2], true)
    expect([...g.menus].sort()).toEqual([10, 12])
    const none = toggleMenu(lines, g, lines[0], false)
    expect(none.menus.size + none.perms.size).toBe(0)
  })
})
