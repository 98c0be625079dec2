// 银行卡: bound bank cards, numbers masked; Enter edits, v reveals the full number (logged).
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { canRun, CommandButton, ScreenHead } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import { CARD_STATUS, MEMBER_API } from '../../contract/member'
import { BANK_NAMES } from './banks'

const spec: ListSpec = {
  list: '/layout/member/banks',
  title: '银行卡',
  endpoint: `${MEMBER_API.card}/index`,
  filters: [
    { name: 'username', title: '会员用户名', type: 'text' },
    { name: 'holder', title: '持卡人', type: 'text' },
    { name: 'bank_name', title: '开户银行', type: 'select', options: BANK_NAMES.map((b) => ({ value: b, label: b })) },
    { name: 'card_tail', title: '卡号后四位', type: 'text' },
    { name: 'status', title: '状态', type: 'select', options: CARD_STATUS },
  ],
  columns: [
    { key: 'id', title: 'ID', width: 70, hidden: true },
    { key: 'username', title: '会员', width: 130 },
    { key: 'holder', title: '持卡人', width: 90 },
    { key: 'bank_name', title: '开户银行', width: 140 },
    { key: 'branch', title: '开户支行', width: 140 },
    { key: 'card_no', title: '银行卡号', width: 190 },
    { key: 'is_default', title: '默认', width: 60, format: 'bool', render: (r) => (r.is_default ? <Tag tone="info">默认</Tag> : null) },
    { key: 'status', title: '状态', width: 70, format: CARD_STATUS, render: (r) => <Tag tone={r.status === 1 ? 'ok' : 'off'}>{CARD_STATUS[String(r.status)]}</Tag> },
    { key: 'created_at', title: '绑定时间', width: 160, format: 'datetime' },
  ],
  onOpen: (row) => {
    if (!canRun('member.editCard')) return false
    void runRowCommand('member.editCard', undefined, { rows: [row] })
  },
}

export default function CardsScreen() {
  return (
    <section className="kit-screen">
      <ScreenHead title="银行卡" hint="Enter 编辑 · v 查看完整卡号（记入日志） · Shift+D 删除" />
      <DataTable spec={spec} actions={<CommandButton id="member.bindCard" primary />} />
    </section>
  )
}
