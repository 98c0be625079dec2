// The agent dialog (代理列表): rebate 0–10 %, status and remark; disabling an agent leaves its members as they are.
import { api } from '../../core/api'
import type { Row } from '../../core/command'
import { MEMBER_STATUS } from '../../contract/member'
import { openForm } from '../kit/form-dialog'

export function agentForm(row: Row): Promise<unknown | null> {
  return openForm({
    title: `编辑代理：${row.username}`,
    fields: [
      { name: 'rebate_rate', label: '返点(%)', type: 'text', required: true, hint: '0-10，最多两位小数',
        validate: (v) => (/^\d{1,2}(\.\d{1,2})?$/.test(String(v ?? '').trim()) && Number(v) <= 10 ? null : '返点须为 0-10 之间的百分比') },
      { name: 'status', label: '状态', type: 'select', required: true, options: Object.entries(MEMBER_STATUS).map(([value, label]) => ({ value, label })),
        hint: '停用代理不影响其下级会员' },
      { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
    ],
    initial: { rebate_rate: row.rebate_rate, status: String(row.status), remark: row.remark },
    submit: (v) => api.agent.edit({ id: Number(row.id), rebate_rate: String(v.rebate_rate), status: Number(v.status), remark: String(v.remark ?? '') }, { silent: true }),
  })
}
