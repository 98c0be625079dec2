// 提现记录, the review desk: withdrawals with their review stage at a glance (审核中, 待复核), how long each has waited
// (red past the SLA), who holds it, the member's risk, payee, fee and sums. Enter opens the review panel beside the
// list, which follows the focused row; n/p jump to the next/previous pending row; c claims, a approves, r rejects
// (with a reason, optionally freezing the member's withdrawals) the focused or selected rows with a preview.
import { useCallback, useMemo, useRef, useState } from 'react'
import type { ListSpec } from '../kit/data-table'
import type { Row } from '../kit/types'
import { CommandButton } from '../kit/screen'
import { PAY_METHOD, WITHDRAW_STATUS } from '../../contract/enums'
import { REVIEW_STAGE } from '../../contract/finance'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { Claim, Waiting, waitingText, WithdrawStatus, withdrawStatusText } from './cells'
import { ReviewPanel } from './review-panel'
import { riskColumn } from '../risk/cells'
import { dateRange, ListScreen, moneyStats, USERNAME } from './screen'

const payee = (r: Record<string, unknown>) => (Number(r.pay_method) === 1 ? `${r.bank_name} ${r.card_no} ${r.holder}` : `${r.chain} ${r.address}`)
const DEFAULT_SLA = 30

/** The index of the next (step 1) or previous (step -1) row under review from `from`; -1 when none. */
function pendingFrom(rows: Row[], from: number, step: 1 | -1): number {
  for (let i = from + step; i >= 0 && i < rows.length; i += step) if (Number(rows[i].status) === 3) return i
  return -1
}

export default function WithdrawalsScreen() {
  const [pending, setPending] = useState<[number, number]>([0, 0])
  const [sla, setSla] = useState(DEFAULT_SLA)
  const [panel, setPanel] = useState(false)
  const open = useRef(panel)
  open.current = panel
  const onAnswer = useCallback((raw: Record<string, unknown>) => {
    setPending([Number(raw.pending_count ?? 0), Number(raw.second_review_count ?? 0)])
    setSla(Number(raw.sla_minutes ?? DEFAULT_SLA) || DEFAULT_SLA)
  }, [])
  const spec = useMemo<ListSpec>(() => ({
    list: MENU.withdraw,
    title: '提现记录',
    endpoint: API.withdraw.index,
    onAnswer,
    onOpen: () => { setPanel(true) },
    keys: {
      n: (rows, i) => pendingFrom(rows, i, 1),
      p: (rows, i) => pendingFrom(rows, i < 0 ? rows.length : i, -1),
      Escape: () => { if (!open.current) return false; setPanel(false); return true },
    },
    filters: [
      USERNAME,
      { name: 'status', title: '状态', type: 'select', options: WITHDRAW_STATUS },
      { name: 'review_stage', title: '审核阶段', type: 'select', options: { pending: REVIEW_STAGE.pending, second: REVIEW_STAGE.second } },
      { name: 'sort', title: '排序', type: 'select', options: { waiting: '待审核，等待最久在前' } },
      { name: 'order_no', title: '订单号', type: 'text' },
      { name: 'pay_method', title: '支付方式', type: 'select', options: PAY_METHOD },
      ...dateRange(),
    ],
    columns: [
      { key: 'order_no', title: '订单号', width: 190 },
      { key: 'username', title: '会员', width: 120 },
      riskColumn(150),
      { key: 'amount', title: '提现金额', width: 120, format: 'money' },
      { key: 'status', title: '状态', width: 150, format: WITHDRAW_STATUS, render: (r) => <WithdrawStatus row={r} />, text: withdrawStatusText },
      { key: 'waiting', title: '等待', width: 90, render: (r) => <Waiting row={r} sla={sla} />, text: waitingText },
      { key: 'claimed_by', title: '认领', width: 110, render: (r) => <Claim row={r} /> },
      { key: 'fee', title: '手续费', width: 90, format: 'money' },
      { key: 'actual_amount', title: '实付金额', width: 120, format: 'money' },
      { key: 'pay_method', title: '支付方式', width: 90, format: PAY_METHOD },
      { key: 'payee', title: '收款信息', width: 260, render: (r) => payee(r), text: payee },
      { key: 'first_review_admin', title: '初审人', width: 90 },
      { key: 'admin', title: '审核人', width: 90 },
      { key: 'remark', title: '备注', width: 160 },
      { key: 'created_at', title: '申请时间', width: 165, format: 'datetime' },
      { key: 'reviewed_at', title: '审核时间', width: 165, format: 'datetime', hidden: true },
    ],
    stats: [...moneyStats('审核中'), { key: 'money_stat.fee', title: '手续费', format: 'money' }],
  }), [onAnswer, sla])
  return (
    <div className={panel ? 'rv-desk rv-desk-open' : 'rv-desk'}>
      <ListScreen spec={spec} focus hint="Enter 审核面板 · n/p 下/上一笔待审核 · c 认领 · a 通过 · r 驳回 · x 多选后批量"
        pending={[['审核中', pending[0] - pending[1]], ['待复核', pending[1]]]}
        buttons={<CommandButton id="finance.pendingWithdrawals" label="只看待审核" />} />
      {panel && <ReviewPanel onClose={() => setPanel(false)} />}
    </div>
  )
}
