// 提现记录: withdrawals with their review stage at a glance (审核中, 待复核), payee, fee and sums; a approves, r rejects
// the focused or selected rows (with a preview of the money); the grid takes focus when the screen opens.
import { useCallback, useMemo, useState } from 'react'
import type { ListSpec } from '../kit/data-table'
import { CommandButton } from '../kit/screen'
import { PAY_METHOD, WITHDRAW_STATUS } from '../../contract/enums'
import { REVIEW_STAGE } from '../../contract/finance'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { WithdrawStatus, withdrawStatusText } from './cells'
import { dateRange, ListScreen, moneyStats, USERNAME } from './screen'

const payee = (r: Record<string, unknown>) => (Number(r.pay_method) === 1 ? `${r.bank_name} ${r.card_no} ${r.holder}` : `${r.chain} ${r.address}`)

export default function WithdrawalsScreen() {
  const [pending, setPending] = useState<[number, number]>([0, 0])
  const onAnswer = useCallback((raw: Record<string, unknown>) => setPending([Number(raw.pending_count ?? 0), Number(raw.second_review_count ?? 0)]), [])
  const spec = useMemo<ListSpec>(() => ({
    list: MENU.withdraw,
    title: '提现记录',
    endpoint: API.withdraw.index,
    onAnswer,
    filters: [
      USERNAME,
      { name: 'status', title: '状态', type: 'select', options: WITHDRAW_STATUS },
      { name: 'review_stage', title: '审核阶段', type: 'select', options: { pending: REVIEW_STAGE.pending, second: REVIEW_STAGE.second } },
      { name: 'order_no', title: '订单号', type: 'text' },
      { name: 'pay_method', title: '支付方式', type: 'select', options: PAY_METHOD },
      ...dateRange(),
    ],
    columns: [
      { key: 'order_no', title: '订单号', width: 190 },
      { key: 'username', title: '会员', width: 120 },
      { key: 'amount', title: '提现金额', width: 120, format: 'money' },
      { key: 'fee', title: '手续费', width: 90, format: 'money' },
      { key: 'actual_amount', title: '实付金额', width: 120, format: 'money' },
      { key: 'status', title: '状态', width: 150, render: (r) => <WithdrawStatus row={r} />, text: withdrawStatusText },
      { key: 'pay_method', title: '支付方式', width: 90, format: PAY_METHOD },
      { key: 'payee', title: '收款信息', width: 260, render: (r) => payee(r), text: payee },
      { key: 'first_review_admin', title: '初审人', width: 90 },
      { key: 'admin', title: '审核人', width: 90 },
      { key: 'remark', title: '备注', width: 160 },
      { key: 'created_at', title: '申请时间', width: 165, format: 'datetime' },
      { key: 'reviewed_at', title: '审核时间', width: 165, format: 'datetime', hidden: true },
    ],
    stats: [...moneyStats('审核中'), { key: 'money_stat.fee', title: '手续费', format: 'money' }],
  }), [onAnswer])
  return <ListScreen spec={spec} focus hint="a 通过 · r 驳回 · x 多选后批量 · 达到双人复核金额需两位管理员通过"
    pending={[['审核中', pending[0] - pending[1]], ['待复核', pending[1]]]}
    buttons={<CommandButton id="finance.pendingWithdrawals" label="只看待审核" />} />
}
