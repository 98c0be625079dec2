// Virtual account dialogs (虚拟账号): create/edit, and setting a balance, which the server moves as play money.
import { call } from '../../core/api'
import type { Row } from '../../core/command'
import { API } from '../../contract/api'
import { MEMBER_STATUS } from '../../contract/member'
import { openForm } from '../kit/form-dialog'
import type { FormValues } from '../kit/form-types'
import { levelChoices } from './choices'

const money = (v: unknown) => (v === '' || v === undefined || /^\d{1,12}(\.\d{1,2})?$/.test(String(v).trim()) ? null : '请输入金额，最多两位小数')
const statusChoices = Object.entries(MEMBER_STATUS).map(([value, label]) => ({ value, label }))

export function virtualForm(row?: Row): Promise<unknown | null> {
  return openForm<FormValues>({
    title: row ? `编辑虚拟账号：${row.username}` : '新增虚拟账号',
    fields: [
      { name: 'username', label: '用户名', type: 'text', required: true, maxLength: 16,
        validate: (v) => (/^[A-Za-z0-9_]{4,16}$/.test(String(v ?? '')) ? null : '用户名须为 4-16 位字母、数字或下划线') },
      { name: 'nickname', label: '昵称', type: 'text', maxLength: 32 },
      { name: 'level_id', label: '会员等级', type: 'select', options: levelChoices, emptyLabel: '默认等级' },
      ...(row ? [] : [{ name: 'balance', label: '初始余额', type: 'text' as const, validate: money, hint: '虚拟资金，从虚拟资金池转入' }]),
      { name: 'status', label: '状态', type: 'select', options: statusChoices, required: true },
      { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
    ],
    initial: row ? { ...row, level_id: row.level_id ?? '', status: String(row.status) } : { status: '1' } as FormValues,
    submit: (v) => call(row ? API.virtuals.edit : API.virtuals.create, {
      ...(row ? { id: row.id } : {}), username: v.username, nickname: v.nickname ?? '', level_id: v.level_id ? Number(v.level_id) : null,
      status: Number(v.status), remark: v.remark ?? '', ...(v.balance ? { balance: v.balance } : {}),
    }, { silent: true }),
  })
}
