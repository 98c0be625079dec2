// Play way and play group form dialogs (玩法管理, 玩法分组): a play way is one code of the rule catalogue with a
// name, a group, default odds and a switch; a group has a name, an order and a switch.
import { api } from '../../core/api'
import type { Row } from '../../core/command'
import { ENABLED, PLAYWAY_CODE, PLAYWAY_CODES } from '../../contract/lottery'
import { openForm } from '../kit/form-dialog'
import type { FormValues } from '../kit/form-types'
import { groupChoices } from './choices'

const statusChoices = Object.entries(ENABLED).map(([value, label]) => ({ value, label }))
const codeChoices = PLAYWAY_CODES.map((c) => ({ value: c, label: `${PLAYWAY_CODE[c]}（${c}）` }))
const rate = (v: unknown) => {
  const s = String(v ?? '').trim()
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(s)) return '请输入赔率，最多两位小数'
  const [i, f = ''] = s.split('.')
  const h = Number(i) * 100 + Number((f + '00').slice(0, 2))
  return h < 101 || h > 100000 ? '赔率须在 1.01-1000.00 之间' : null
}
const QUIET = { silent: true }
const sortOf = (v: unknown) => (v === '' || v === null || v === undefined ? 0 : Number(v))

export function playwayForm(row?: Row): Promise<unknown | null> {
  return openForm<FormValues>({
    title: row ? `编辑玩法：${row.name}` : '新增玩法',
    fields: [
      { name: 'code', label: '开奖规则', type: 'select', options: codeChoices, required: true, hint: '决定中奖条件；已有投注的玩法不能改规则' },
      { name: 'name', label: '玩法名称', type: 'text', required: true, maxLength: 20 },
      { name: 'group_id', label: '玩法分组', type: 'select', options: groupChoices, emptyLabel: '不分组（各房间都不开放）' },
      { name: 'rate', label: '默认赔率', type: 'text', required: true, validate: rate, hint: '如 1.98；房间可设自己的赔率' },
      { name: 'status', label: '状态', type: 'select', options: statusChoices, required: true },
      { name: 'sort', label: '排序', type: 'number', min: -100000, max: 100000 },
      { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
    ],
    initial: row ? { ...row, group_id: row.group_id ?? '', status: String(row.status) } : { status: '1', sort: '0' } as FormValues,
    submit: (v) => {
      const body = {
        code: String(v.code), name: String(v.name), group_id: v.group_id ? Number(v.group_id) : null, rate: String(v.rate),
        status: Number(v.status), sort: sortOf(v.sort), remark: String(v.remark ?? ''),
      }
      return row ? api.playway.edit({ id: Number(row.id), ...body }, QUIET) : api.playway.create(body, QUIET)
    },
  })
}

export function playgroupForm(row?: Row): Promise<unknown | null> {
  return openForm<FormValues>({
    title: row ? `编辑玩法分组：${row.name}` : '新增玩法分组',
    fields: [
      { name: 'name', label: '分组名称', type: 'text', required: true, maxLength: 20 },
      { name: 'sort', label: '排序', type: 'number', min: -100000, max: 100000 },
      { name: 'status', label: '状态', type: 'select', options: statusChoices, required: true, hint: '停用后各房间不再开放其中的玩法' },
      { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
    ],
    initial: row ? { ...row, status: String(row.status) } : { status: '1', sort: '0' } as FormValues,
    submit: (v) => {
      const body = { name: String(v.name), sort: sortOf(v.sort), status: Number(v.status), remark: String(v.remark ?? '') }
      return row ? api.playgroup.edit({ id: Number(row.id), ...body }, QUIET) : api.playgroup.create(body, QUIET)
    },
  })
}
