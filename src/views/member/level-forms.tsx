// The member level form dialog (会员等级): name, order, upgrade threshold, daily withdrawal limits and fee rate.
import { call } from '../../core/api'
import type { Row } from '../../core/command'
import { API } from '../../contract/api'
import { openForm } from '../kit/form-dialog'

const money = (v: unknown) => (/^\d{1,12}(\.\d{1,2})?$/.test(String(v ?? '').trim()) ? null : '请输入金额，最多两位小数')

export function levelForm(row?: Row): Promise<unknown | null> {
  return openForm({
    title: row ? `编辑会员等级：${row.name}` : '新增会员等级',
    fields: [
      { name: 'name', label: '等级名称', type: 'text', required: true, maxLength: 20 },
      { name: 'level', label: '等级序号', type: 'number', required: true, min: 1, max: 99, hint: '数字越大等级越高' },
      { name: 'upgrade_recharge', label: '升级累计充值', type: 'text', required: true, validate: money, hint: '累计充值达到此金额自动升级（元）' },
      { name: 'withdraw_times_daily', label: '每日提现次数', type: 'number', required: true, min: 0, max: 100, hint: '0 表示不限' },
      { name: 'withdraw_max_daily', label: '每日提现上限', type: 'text', required: true, validate: money, hint: '元，0 表示不限' },
      { name: 'withdraw_fee_rate', label: '提现手续费率', type: 'text', required: true, hint: '百分比，如 0.50',
        validate: (v) => (/^\d{1,3}(\.\d{1,2})?$/.test(String(v ?? '').trim()) && Number(v) <= 100 ? null : '请输入 0-100 的百分比') },
      { name: 'remark', label: '备注', type: 'text', maxLength: 200 },
    ],
    initial: row ?? { upgrade_recharge: '0', withdraw_times_daily: '5', withdraw_max_daily: '0', withdraw_fee_rate: '0.00' },
    // Only the form's own fields: the row it was opened from also carries counts and times the server does not take.
    submit: (v) => call(row ? API.level.edit : API.level.create, {
      ...(row ? { id: row.id } : {}), name: v.name, level: v.level, upgrade_recharge: v.upgrade_recharge,
      withdraw_times_daily: v.withdraw_times_daily, withdraw_max_daily: v.withdraw_max_daily, withdraw_fee_rate: v.withdraw_fee_rate,
      remark: v.remark ?? '',
    }, { silent: true }),
  })
}
