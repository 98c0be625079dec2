// The trade room form dialog (交易房间): code, name, schedule (interval, lock), stake limits, the payout cap per issue,
// offered groups, status.
import { api } from '../../core/api'
import type { Row } from '../../core/command'
import { ROOM_INTERVAL, ROOM_STATUS } from '../../contract/lottery'
import { openForm } from '../kit/form-dialog'
import type { FormValues } from '../kit/form-types'
import { groupChoices } from './choices'

const money = (v: unknown) => (/^\d{1,12}(\.\d{1,2})?$/.test(String(v ?? '').trim()) && Number(v) > 0 ? null : '请输入大于 0 的金额，最多两位小数')
const cap = (v: unknown) => (String(v ?? '').trim() === '' || /^\d{1,12}(\.\d{1,2})?$/.test(String(v).trim()) ? null : '请输入金额，最多两位小数；0 表示不限')
const statusChoices = Object.entries(ROOM_STATUS).map(([value, label]) => ({ value, label }))

export function roomForm(row?: Row): Promise<unknown | null> {
  return openForm<FormValues>({
    title: row ? `编辑交易房间：${row.name}` : '新增交易房间',
    fields: [
      { name: 'code', label: '房间代码', type: 'text', required: true, maxLength: 16,
        validate: (v) => (/^[A-Za-z0-9_]{1,16}$/.test(String(v ?? '')) ? null : '房间代码须为字母、数字或下划线') },
      { name: 'name', label: '房间名称', type: 'text', required: true, maxLength: 20 },
      { name: 'interval', label: '开奖间隔', type: 'number', required: true, min: ROOM_INTERVAL.min, max: ROOM_INTERVAL.max, hint: `秒，${ROOM_INTERVAL.min}-${ROOM_INTERVAL.max}` },
      { name: 'lock', label: '封盘时间', type: 'number', required: true, min: 0, hint: '开奖前多少秒停止投注，须小于开奖间隔',
        validate: (v, all) => (Number(v) < Number(all.interval) ? null : '封盘时间必须小于开奖间隔') },
      { name: 'min_stake', label: '最低投注', type: 'text', required: true, validate: money, hint: '元' },
      { name: 'max_stake', label: '单注上限', type: 'text', required: true, validate: money, hint: '元' },
      { name: 'max_issue_stake', label: '每期上限', type: 'text', required: true, validate: money, hint: '每位会员每期合计，元' },
      { name: 'max_payout_per_issue', label: '每期赔付上限', type: 'text', validate: cap, hint: '本期最差结果的派彩合计（真实会员），超出的投注被拒绝；0 表示不限，元' },
      { name: 'group_ids', label: '玩法分组', type: 'multiselect', options: groupChoices },
      { name: 'status', label: '状态', type: 'select', options: statusChoices, required: true },
      { name: 'sort', label: '排序', type: 'number', min: -100000, max: 100000 },
      { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
    ],
    initial: row
      ? { ...row, status: String(row.status), group_ids: (row.group_ids as number[]).map(String) }
      : { interval: '60', lock: '10', min_stake: '1', max_stake: '10000', max_issue_stake: '50000', max_payout_per_issue: '0', status: '1', sort: '0' } as FormValues,
    submit: (v) => {
      const body = {
        code: String(v.code), name: String(v.name), interval: Number(v.interval), lock: Number(v.lock),
        min_stake: String(v.min_stake), max_stake: String(v.max_stake), max_issue_stake: String(v.max_issue_stake),
        max_payout_per_issue: String(v.max_payout_per_issue ?? '').trim() || '0',
        group_ids: (v.group_ids as string[]).map(Number), status: Number(v.status), sort: v.sort === '' || v.sort === null ? 0 : Number(v.sort),
        remark: String(v.remark ?? ''),
      }
      return row ? api.room.edit({ id: Number(row.id), ...body }, { silent: true }) : api.room.create(body, { silent: true })
    },
  })
}
