// The menu form dialog: create (under a parent) or edit {parent_id, label, web_uri, hidden, sort}.
import { api, call } from '../../core/api'
import type { Row } from '../../core/command'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import type { MenuNode } from '../../contract/common'
import { openForm } from '../kit/form-dialog'
import { allNodes } from './menu-order'

function within(node: MenuNode, id: number): boolean {
  return node.id === id || (node.children ?? []).some((c) => within(c, id))
}

/** Parent choices: every node except the edited one and its subtree, indented by depth. */
function parentChoices(exclude?: number) {
  return async () => {
    const { items } = await api.sysmenu.index(undefined, { silent: true })
    return allNodes(items)
      .filter(({ node }) => exclude === undefined || !within(node, exclude))
      .map(({ node, depth }) => ({ value: String(node.id), label: `${'　'.repeat(depth)}${node.label}${node.web_uri ? `  ${node.web_uri}` : ''}` }))
  }
}

export function menuForm(row?: Row, parentId: number | null = null): Promise<unknown | null> {
  const id = row ? Number(row.id) : undefined
  return openForm({
    title: row ? `编辑菜单：${row.label}` : '新增菜单',
    fields: [
      { name: 'parent_id', label: '上级菜单', type: 'select', emptyLabel: '（顶级菜单）', options: parentChoices(id) },
      { name: 'label', label: '菜单名称', type: 'text', required: true, maxLength: 32 },
      { name: 'web_uri', label: '路由路径', type: 'text', placeholder: `如 ${MENU.roles}；目录留空`,
        validate: (v) => (!v || String(v).startsWith('/') ? null : '路由路径须以 / 开头') },
      { name: 'hidden', label: '隐藏', type: 'switch', hint: '隐藏的菜单不出现在侧边栏（如新增、编辑页）' },
      { name: 'sort', label: '排序', type: 'number', min: 0, hint: '同级内从小到大' },
    ],
    initial: row
      ? { parent_id: row.parent_id ?? '', label: row.label, web_uri: row.web_uri ?? '', hidden: Boolean(row.hidden), sort: row.sort }
      : { parent_id: parentId ?? '', hidden: false },
    submit: (v) => call(row ? API.sysmenu.edit : API.sysmenu.create, {
      ...(row ? { id } : {}),
      parent_id: v.parent_id ? Number(v.parent_id) : null,
      label: v.label,
      web_uri: v.web_uri ? v.web_uri : null,
      hidden: Boolean(v.hidden),
      ...(v.sort === null ? {} : { sort: v.sort }),
    }, { silent: true }),
  })
}
