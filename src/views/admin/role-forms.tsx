// The role form dialog (create or edit {name, remark}).
import { call } from '../../core/api'
import { API } from '../../contract/api'
import type { Row } from '../../core/command'
import { openForm } from '../kit/form-dialog'

export function roleForm(row?: Row): Promise<unknown | null> {
  return openForm({
    title: row ? `编辑角色：${row.name}` : '新增角色',
    fields: [
      { name: 'name', label: '角色名称', type: 'text', required: true, maxLength: 32 },
      { name: 'remark', label: '备注', type: 'textarea', maxLength: 200 },
    ],
    initial: row ? { name: row.name, remark: row.remark } : {},
    submit: (v) => call(row ? API.sysrole.edit : API.sysrole.create, { ...(row ? { id: row.id } : {}), name: v.name, remark: v.remark ?? '' }, { silent: true }),
  })
}
