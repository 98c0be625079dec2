// 交易房间: the product's rooms with limits, offered groups, the issue taking bets and the last result; Enter edits,
// Shift+R edits the room's rates in a keyboard grid, Shift+F reloads every instance's rooms (刷新房间).
import { useEffect } from 'react'
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { canRun, CommandButton, ScreenHead } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import { refreshList } from '../../core/context'
import { LOTTERY_API, LOTTERY_PATHS, ROOM_STATUS } from '../../contract/lottery'
import { Result, resultText } from './cells'

const spec: ListSpec = {
  list: LOTTERY_PATHS.room,
  title: '交易房间',
  endpoint: `${LOTTERY_API.room}/index`,
  filters: [{ name: 'status', title: '状态', type: 'select', options: ROOM_STATUS }],
  columns: [
    { key: 'id', title: 'ID', width: 60 },
    { key: 'code', title: '代码', width: 70 },
    { key: 'name', title: '房间', width: 100 },
    { key: 'status', title: '状态', width: 70, format: ROOM_STATUS, render: (r) => <Tag tone={r.status === 1 ? 'ok' : 'off'}>{ROOM_STATUS[String(r.status)]}</Tag> },
    { key: 'interval', title: '间隔(秒)', width: 80, align: 'right' },
    { key: 'lock', title: '封盘(秒)', width: 80, align: 'right' },
    { key: 'min_stake', title: '最低投注', width: 100, format: 'money' },
    { key: 'max_stake', title: '单注上限', width: 110, format: 'money' },
    { key: 'max_issue_stake', title: '每期上限', width: 120, format: 'money' },
    { key: 'group_names', title: '玩法分组', width: 200, text: (r) => (r.group_names as string[]).join('、') },
    { key: 'current_issue', title: '当前期号', width: 130 },
    { key: 'lock_at', title: '封盘时间', width: 160, format: 'datetime' },
    {
      key: 'last_issue', title: '上期结果', width: 190,
      render: (r) => {
        const l = r.last_issue as { issue_no: string; result: string; tags: string[]; is_manual: boolean } | null
        return l ? <Result result={l.result} tags={l.tags} manual={l.is_manual} /> : <span className="kit-muted">—</span>
      },
      text: (r) => {
        const l = r.last_issue as { issue_no: string; result: string; tags: string[]; is_manual: boolean } | null
        return l ? `${l.issue_no} ${resultText(l.result, l.tags, l.is_manual)}` : ''
      },
    },
    { key: 'sort', title: '排序', width: 60, align: 'right', hidden: true },
    { key: 'remark', title: '备注', width: 150 },
  ],
  onOpen: (row) => {
    if (!canRun('lottery.editRoom')) return false
    void runRowCommand('lottery.editRoom', undefined, { rows: [row] })
  },
}

export default function RoomsScreen() {
  // The issue taking bets and the last result move on by themselves: a modest poll while the screen is open.
  useEffect(() => {
    const t = setInterval(() => refreshList(LOTTERY_PATHS.room), 5000)
    return () => clearInterval(t)
  }, [])
  return (
    <section className="kit-screen">
      <ScreenHead title="交易房间" hint="Enter 编辑 · Shift+R 编辑赔率 · Shift+F 刷新房间 · 关闭房间后暂停投注，已投注的期号照常开奖" />
      <DataTable
        spec={spec}
        actions={<><CommandButton id="lottery.editRates" /><CommandButton id="lottery.flushRooms" /><CommandButton id="lottery.createRoom" primary /></>}
      />
    </section>
  )
}
