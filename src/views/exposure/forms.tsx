// The 限红 tier form (name, stake per bet and per issue) and 设置限红 of one member (a tier, or none).
import type { Row } from '../../core/command'
import { api } from '../../core/api'
import { postOnce } from '../../core/ops'
import { API } from '../../contract/api'
import { openForm } from '../kit/form-dialog'
import { limitChoices } from './choices'
import type { FormValues } from '../kit/form-types'

const money = (v: unknown) => (/^\d{1,9}(\.\d{1,2})?$/.test(String(v ?? '').trim()) && Number(v) > 0 ? null : '请输入大于 0 的金额，最多两位小数')

export function limitForm(row?: Row): Promise<unknown | null> {
  return openForm<FormValues>({
    title: row ? `编辑限红：${row.name}` : '新增限红',
    fields: [
      { name: 'name', label: '限红名称', type: 'text', required: true, maxLength: 20 },
      { name: 'single_max', label: '单注上限', type: 'text', required: true, validate: money, hint: '会员每注最多投注，元' },
      { name: 'issue_max', label: '每期上限', type: 'text', required: true, hint: '会员每期合计最多投注，元',
        validate: (v, all) => money(v) ?? (Number(v) < Number(all.single_max) ? '每期上限不能低于单注上限' : null) },
      { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
    ],
    initial: row ? { ...row } : {},
    submit: (v) => {
      const body = { name: String(v.name), single_max: String(v.single_max).trim(), issue_max: String(v.issue_max).trim(), remark: String(v.remark ?? '') }
      return row ? api.limit.edit({ id: Number(row.id), ...body }, { silent: true }) : api.limit.create(body, { silent: true })
    },
  })
}

const NONE = '0'

export function memberLimitForm(row: Row): Promise<unknown | null> {
  return openForm<FormValues>({
    title: `设置限红：${String(row.username)}`,
    fields: [{
      name: 'limit_id', label: '限红档位', type: 'select', required: true,
      options: async () => [{ value: NONE, label: '不限（只按房间限额）' }, ...(await limitChoices())],
      hint: '投注时在同一事务内检查：单注与每期合计超出档位即拒绝',
    }],
    initial: { limit_id: row.limit_id ? String(row.limit_id) : NONE },
    submitText: '保存',
    submit: (v) => postOnce(API.memberLimit.set, { member_id: Number(row.id), limit_id: v.limit_id === NONE ? null : Number(v.limit_id) }, { silent: true }),
  })
}
