// 人工充值扣款 (manual top-ups, Alt+J, and deductions, Alt+K) and 彩金赠送 (gift money to one member, Alt+G, or to many at
// once): the operations run as palette flows; both screens list their records (/api/giftmoney/index) with their sums.
import type { ListSpec } from '../kit/data-table'
import { CommandButton } from '../kit/screen'
import { Tag } from '../kit/cells'
import { MANUAL_TYPE } from '../../contract/finance'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { dateRange, listScreen, USERNAME } from './screen'

const spec = (list: string, title: string, types: string, stats: ListSpec['stats']): ListSpec => ({
  list, title, endpoint: API.giftmoney.index, params: { type: types },
  filters: [USERNAME, { name: 'admin', title: '操作人', type: 'text' }, ...dateRange()],
  columns: [
    { key: 'order_no', title: '单号', width: 190 },
    { key: 'username', title: '会员', width: 130 },
    { key: 'type', title: '类型', width: 100, format: MANUAL_TYPE, render: (r) => <Tag tone={r.type === 8 ? 'off' : 'ok'}>{MANUAL_TYPE[Number(r.type)]}</Tag> },
    { key: 'amount', title: '金额', width: 120, format: 'money' },
    { key: 'remark', title: '备注', width: 220 },
    { key: 'admin', title: '操作人', width: 100 },
    { key: 'created_at', title: '时间', width: 165, format: 'datetime' },
  ],
  stats,
})

const buttons = (ids: string[]) => <>{ids.map((id, i) => <CommandButton key={id} id={id} primary={i === 0} />)}</>

export default listScreen(spec(MENU.manual, '人工充值扣款', '6,8', [
  { key: 'money_stat.manual_add', title: '人工加款', format: 'money' },
  { key: 'money_stat.manual_sub', title: '人工扣款', format: 'money' },
]), 'Alt+J 人工加款 · Alt+K 人工扣款：选会员 → 金额 → 备注 → 预览确认', buttons(['finance.manualAdd', 'finance.manualSub']))

export const GiftScreen = listScreen(spec(MENU.gift, '彩金赠送', '7', [{ key: 'money_stat.gift', title: '彩金合计', format: 'money' }]),
  'Alt+G 赠送彩金：选会员 → 金额 → 备注 → 预览确认 · 批量赠送最多 1000 个会员', buttons(['finance.giftMoney', 'finance.giftMany']))
