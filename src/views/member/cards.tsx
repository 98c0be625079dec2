// 银行卡: bound bank cards, numbers masked; Enter edits, v reveals the full number (logged).
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { BANK_NAMES } from './banks'
import { payeeList } from './list-screen'
import { ListScreen } from '../kit/list-screen'

const spec = payeeList({
  list: MENU.cards,
  title: '银行卡',
  endpoint: API.card.index,
  edit: 'member.editCard',
  filters: [
    { name: 'holder', title: '持卡人', type: 'text' },
    { name: 'bank_name', title: '开户银行', type: 'select', options: BANK_NAMES.map((b) => ({ value: b, label: b })) },
    { name: 'card_tail', title: '卡号后四位', type: 'text' },
  ],
  columns: [
    { key: 'holder', title: '持卡人', width: 90 },
    { key: 'bank_name', title: '开户银行', width: 140 },
    { key: 'branch', title: '开户支行', width: 140 },
    { key: 'card_no', title: '银行卡号', width: 190 },
  ],
})

export default function CardsScreen() {
  return <ListScreen spec={spec} hint="Enter 编辑 · v 查看完整卡号（记入日志） · Shift+D 删除" buttons={['member.bindCard']} />
}
