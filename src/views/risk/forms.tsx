// The forms of the risk area: a ban (IP or device, with the reason) and a tag (name, risk level, exclusive group).
import type { Row } from '../../core/command'
import { api } from '../../core/api'
import { BAN_BY, RISK_LEVEL } from '../../contract/risk'
import { openForm } from '../kit/form-dialog'
import type { Choice } from '../kit/types'
import type { FormValues } from '../kit/form-types'

const choices = (labels: Record<string, string>): Choice[] => Object.entries(labels).map(([value, label]) => ({ value, label }))

export function banForm(): Promise<unknown | null> {
  return openForm<FormValues>({
    title: '新增封禁',
    fields: [
      { name: 'by', label: '类型', type: 'select', required: true, options: choices(BAN_BY) },
      { name: 'value', label: '封禁值', type: 'text', required: true, maxLength: 64, hint: 'IP 地址或设备编号；会员登录与注册会被拒绝' },
      { name: 'remark', label: '原因', type: 'text', required: true, maxLength: 200 },
    ],
    initial: { by: 'ip' },
    submit: (v) => api.ban.create({ by: v.by as 'ip' | 'device', value: String(v.value), remark: String(v.remark) }, { silent: true }),
  })
}

export function tagForm(row?: Row): Promise<unknown | null> {
  return openForm<FormValues>({
    title: row ? `编辑会员标签：${row.name}` : '新增会员标签',
    fields: [
      { name: 'name', label: '标签名称', type: 'text', required: true, maxLength: 20 },
      { name: 'risk_level', label: '风险等级', type: 'select', required: true, options: choices(RISK_LEVEL), hint: '会员的风险等级取其标签中最高的' },
      { name: 'exclusive', label: '互斥组', type: 'text', maxLength: 20, hint: '同一互斥组的标签不能同时持有，留空表示不互斥' },
      { name: 'color', label: '颜色', type: 'text', maxLength: 7, placeholder: '#ff6600',
        validate: (v) => (/^(#[0-9a-fA-F]{6})?$/.test(String(v ?? '').trim()) ? null : '请输入 #RRGGBB 形式的颜色') },
    ],
    initial: row ? { ...row, risk_level: String(row.risk_level) } : { risk_level: '0' },
    submit: (v) => {
      const body = { name: String(v.name), risk_level: Number(v.risk_level), exclusive: String(v.exclusive ?? ''), color: String(v.color ?? '').trim() }
      return row ? api.tag.edit({ id: Number(row.id), ...body }, { silent: true }) : api.tag.create(body, { silent: true })
    },
  })
}
