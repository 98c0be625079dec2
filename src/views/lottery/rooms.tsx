// 交易房间: the product's rooms with limits, offered groups, the issue taking bets and the last result; Enter edits,
// Shift+R edits the room's rates in a keyboard grid, Shift+F reloads every instance's rooms (刷新房间).
import { useEffect } from 'react'
import type { ListSpec } from '../kit/data-table'
import { CommandButton } from '../kit/screen'
import { refreshList } from '../../core/context'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { ROOM_STATUS, type Room } from '../../contract/lottery'
import { Result, resultText } from './cells'
import { ListScreen, openWith, statusColumn } from '../kit/list-screen'

const last = (r: Record<string, unknown>) => r.last_issue as Room['last_issue']

const spec: ListSpec = {
  list: MENU.rooms,
  title: '交易房间',
  endpoint: API.room.index,
  filters: [{ name: 'status', title: '状态', type: 'select', options: ROOM_STATUS }],
  columns: [
    { key: 'id', title: 'ID', width: 60 },
    { key: 'code', title: '代码', width: 70 },
    { key: 'name', title: '房间', width: 100 },
    statusColumn(ROOM_STATUS),
    { key: 'interval', title: '间隔(秒)', width: 80, align: 'right' },
    { key: 'lock', title: '封盘(秒)', width: 80, align: 'right' },
    { key: 'min_stake', title: '最低投注', width: 100, format: 'money' },
    { key: 'max_stake', title: '单注上限', width: 110, format: 'money' },
    { key: 'max_issue_stake', title: '每期上限', width: 120, format: 'money' },
    { key: 'max_payout_per_issue', title: '每期赔付上限', width: 120, text: (r) => (r.max_payout_per_issue === '0.00' ? '不限' : String(r.max_payout_per_issue)) },
    { key: 'group_names', title: '玩法分组', width: 200, text: (r) => (r.group_names as string[]).join('、') },
    { key: 'current_issue', title: '当前期号', width: 130 },
    { key: 'lock_at', title: '封盘时间', width: 160, format: 'datetime' },
    {
      key: 'last_issue', title: '上期结果', width: 190,
      render: (r) => {
        const l = last(r)
        return l ? <Result result={l.result} tags={l.tags} manual={l.is_manual} /> : <span className="kit-muted">—</span>
      },
      text: (r) => {
        const l = last(r)
        return l ? `${l.issue_no} ${resultText(l.result, l.tags, l.is_manual)}` : ''
      },
    },
    { key: 'sort', title: '排序', width: 60, align: 'right', hidden: true },
    { key: 'remark', title: '备注', width: 150 },
  ],
  onOpen: openWith('lottery.editRoom'),
}

export default function RoomsScreen() {
  // The issue taking bets and the last result move on by themselves: a modest poll while the screen is open.
  useEffect(() => {
    const t = setInterval(() => refreshList(MENU.rooms), 5000)
    return () => clearInterval(t)
  }, [])
  return (
    <ListScreen spec={spec} hint="Enter 编辑 · Shift+R 编辑赔率 · Shift+F 刷新房间 · 关闭房间后暂停投注，已投注的期号照常开奖"
      actions={<><CommandButton id="lottery.editRates" /><CommandButton id="lottery.flushRooms" /><CommandButton id="lottery.createRoom" primary /></>} />
  )
}
