// 数字钱包: bound TRC20/ERC20 wallets, addresses shortened; Enter edits, v reveals the whole address (logged).
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { canRun, CommandButton, ScreenHead } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import { CARD_STATUS, MEMBER_API, WALLET_CHAIN } from '../../contract/member'

const spec: ListSpec = {
  list: '/layout/member/wallets',
  title: '数字钱包',
  endpoint: `${MEMBER_API.wallet}/index`,
  filters: [
    { name: 'username', title: '会员用户名', type: 'text' },
    { name: 'chain', title: '链类型', type: 'select', options: WALLET_CHAIN },
    { name: 'status', title: '状态', type: 'select', options: CARD_STATUS },
  ],
  columns: [
    { key: 'id', title: 'ID', width: 70, hidden: true },
    { key: 'username', title: '会员', width: 130 },
    { key: 'chain', title: '链类型', width: 80 },
    { key: 'address', title: '钱包地址', width: 170 },
    { key: 'label', title: '备注名', width: 120 },
    { key: 'is_default', title: '默认', width: 60, format: 'bool', render: (r) => (r.is_default ? <Tag tone="info">默认</Tag> : null) },
    { key: 'status', title: '状态', width: 70, format: CARD_STATUS, render: (r) => <Tag tone={r.status === 1 ? 'ok' : 'off'}>{CARD_STATUS[String(r.status)]}</Tag> },
    { key: 'created_at', title: '绑定时间', width: 160, format: 'datetime' },
  ],
  onOpen: (row) => {
    if (!canRun('member.editWallet')) return false
    void runRowCommand('member.editWallet', undefined, { rows: [row] })
  },
}

export default function WalletsScreen() {
  return (
    <section className="kit-screen">
      <ScreenHead title="数字钱包" hint="Enter 编辑 · v 查看完整地址（记入日志） · Shift+D 删除" />
      <DataTable spec={spec} actions={<CommandButton id="member.bindWallet" primary />} />
    </section>
  )
}
