// 充值记录: recharges with 待支付 at a glance, source, merchant and sums; c confirms, f fails the focused or selected
// rows (with a preview); the grid takes focus when the screen opens.
import { useCallback, useMemo, useState } from 'react'
import { riskColumn } from '../risk/cells'
import type { ListSpec } from '../kit/data-table'
import { CommandButton } from '../kit/screen'
import { PAY_METHOD, RECHARGE_SOURCE, RECHARGE_STATUS } from '../../contract/enums'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { RechargeStatus } from './cells'
import { dateRange, ListScreen, moneyStats, USERNAME } from './screen'

const COLUMNS: ListSpec['columns'] = [
  { key: 'order_no', title: '订单号', width: 190 },
  { key: 'username', title: '会员', width: 120 },
  riskColumn(150),
  { key: 'amount', title: '金额', width: 120, format: 'money' },
  { key: 'status', title: '状态', width: 90, format: RECHARGE_STATUS, render: (r) => <RechargeStatus row={r} /> },
  { key: 'source', title: '来源', width: 110, format: RECHARGE_SOURCE },
  { key: 'pay_method', title: '支付方式', width: 90, format: PAY_METHOD },
  { key: 'merchant_name', title: '商户', width: 120 },
  { key: 'payer', title: '付款人', width: 90, hidden: true },
  { key: 'admin', title: '操作人', width: 90 },
  { key: 'remark', title: '备注', width: 160 },
  { key: 'created_at', title: '创建时间', width: 165, format: 'datetime' },
  { key: 'confirmed_at', title: '处理时间', width: 165, format: 'datetime', hidden: true },
]

export default function RechargesScreen() {
  const [pending, setPending] = useState(0)
  const onAnswer = useCallback((raw: Record<string, unknown>) => setPending(Number(raw.pending_count ?? 0)), [])
  const spec = useMemo<ListSpec>(() => ({
    list: MENU.recharge,
    title: '充值记录',
    endpoint: API.recharge.index,
    onAnswer,
    filters: [
      USERNAME,
      { name: 'status', title: '状态', type: 'select', options: RECHARGE_STATUS },
      { name: 'source', title: '来源', type: 'select', options: RECHARGE_SOURCE },
      { name: 'pay_method', title: '支付方式', type: 'select', options: PAY_METHOD },
      { name: 'order_no', title: '订单号', type: 'text' },
      ...dateRange(),
    ],
    columns: COLUMNS,
    stats: moneyStats('待支付'),
  }), [onAnswer])
  return <ListScreen spec={spec} focus hint="c 确认到账 · f 置为失败 · x 多选后批量" pending={[['待支付', pending]]}
    buttons={<CommandButton id="finance.pendingRecharges" label="只看待支付" />} />
}
