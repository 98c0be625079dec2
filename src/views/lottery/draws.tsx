// 开奖记录: draws in open-time order (by default what has come due plus each room's next draw), refreshed every few
// seconds so upcoming and just-settled draws show without reloading; Shift+M 人工开奖, Shift+Y 验证, Enter details.
import { useEffect, useMemo } from 'react'
import type { ListSpec } from '../kit/data-table'
import { CommandButton } from '../kit/screen'
import type { Choice } from '../kit/types'
import { refreshList } from '../../core/context'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { DRAW_SCOPE, DRAW_STATUS } from '../../contract/lottery'
import { roomChoices, useChoices } from './choices'
import { Result, resultText } from './cells'
import { DrawDetailPanel } from './draw-detail'
import { DATE_RANGE } from './list-parts'
import { ListScreen, statusColumn } from '../kit/list-screen'

const tone = (s: unknown) => (s === 3 ? 'ok' : s === 2 ? 'info' : s === 4 ? 'off' : 'warn')

const spec = (rooms: Choice[]): ListSpec => ({
  list: MENU.draws,
  title: '开奖记录',
  endpoint: API.draws.index,
  filters: [
    { name: 'issue_no', title: '期号', type: 'text' },
    { name: 'room_id', title: '房间', type: 'select', options: rooms },
    { name: 'status', title: '状态', type: 'select', options: DRAW_STATUS },
    { name: 'scope', title: '范围', type: 'select', options: DRAW_SCOPE },
    ...DATE_RANGE,
  ],
  columns: [
    { key: 'issue_no', title: '期号', width: 130 },
    { key: 'room_name', title: '房间', width: 90 },
    { key: 'open_at', title: '开奖时间', width: 160, format: 'datetime' },
    statusColumn(DRAW_STATUS, 80, tone),
    {
      key: 'result', title: '开奖结果', width: 210,
      render: (r) => <Result result={String(r.result)} tags={r.tags as string[]} manual={Boolean(r.is_manual)} />,
      text: (r) => resultText(String(r.result), r.tags as string[], Boolean(r.is_manual)),
    },
    { key: 'bet_count', title: '注数', width: 70, align: 'right' },
    { key: 'bet_amount', title: '投注金额', width: 110, format: 'money' },
    { key: 'payout_amount', title: '派彩金额', width: 110, format: 'money' },
    { key: 'seed_hash', title: '种子哈希', width: 150, render: (r) => <span className="lt-hash">{String(r.seed_hash).slice(0, 16)}…</span>, text: (r) => String(r.seed_hash) },
    { key: 'lock_at', title: '封盘时间', width: 160, format: 'datetime', hidden: true },
    { key: 'settled_at', title: '结算时间', width: 160, format: 'datetime', hidden: true },
    { key: 'remark', title: '备注', width: 160 },
  ],
  detail: (row) => <DrawDetailPanel id={Number(row.id)} />,
})

export default function DrawsScreen() {
  const rooms = useChoices(roomChoices)
  // Draws open and settle on their own: a modest poll while the screen is open keeps the list current.
  useEffect(() => {
    const t = setInterval(() => refreshList(MENU.draws), 3000)
    return () => clearInterval(t)
  }, [])
  const s = useMemo(() => spec(rooms), [rooms])
  return (
    <ListScreen spec={s} hint="Enter 详情 · Shift+M 人工开奖（结算前）· Shift+Y 本机验证 · 每 3 秒自动刷新"
      actions={<><CommandButton id="lottery.verifyDraw" /><CommandButton id="lottery.setManualResult" /></>} />
  )
}
