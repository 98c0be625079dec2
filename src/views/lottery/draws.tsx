// 开奖记录: draws in open-time order (by default what has come due plus each room's next draw), refreshed every few
// seconds so upcoming and just-settled draws show without reloading; Shift+M 人工开奖, Shift+Y 验证, Enter details.
import { useEffect, useMemo, useState } from 'react'
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { CommandButton, ScreenHead } from '../kit/screen'
import type { Choice } from '../kit/types'
import { refreshList } from '../../core/context'
import { ISSUE_SCOPE, ISSUE_STATUS, LOTTERY_API, LOTTERY_PATHS } from '../../contract/lottery'
import { roomChoices } from './choices'
import { Result, resultText } from './cells'
import { DrawDetail } from './draw-detail'

const tone = (s: unknown) => (s === 3 ? 'ok' : s === 2 ? 'info' : s === 4 ? 'off' : 'warn')

function spec(rooms: Choice[]): ListSpec {
  return {
    list: LOTTERY_PATHS.record,
    title: '开奖记录',
    endpoint: `${LOTTERY_API.issue}/index`,
    filters: [
      { name: 'issue_no', title: '期号', type: 'text' },
      { name: 'room_id', title: '房间', type: 'select', options: rooms },
      { name: 'status', title: '状态', type: 'select', options: ISSUE_STATUS },
      { name: 'scope', title: '范围', type: 'select', options: ISSUE_SCOPE },
      { name: 'start_time', title: '开始日期', type: 'date' },
      { name: 'end_time', title: '结束日期', type: 'date', endOfDay: true },
    ],
    columns: [
      { key: 'issue_no', title: '期号', width: 130 },
      { key: 'room_name', title: '房间', width: 90 },
      { key: 'open_at', title: '开奖时间', width: 160, format: 'datetime' },
      { key: 'status', title: '状态', width: 80, format: ISSUE_STATUS, render: (r) => <Tag tone={tone(r.status)}>{ISSUE_STATUS[String(r.status)]}</Tag> },
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
    detail: (row) => <DrawDetail id={Number(row.id)} />,
  }
}

export default function DrawsScreen() {
  const [rooms, setRooms] = useState<Choice[]>([])
  useEffect(() => { roomChoices().then(setRooms, () => undefined) }, [])
  // Draws open and settle on their own: a modest poll while the screen is open keeps the list current.
  useEffect(() => {
    const t = setInterval(() => refreshList(LOTTERY_PATHS.record), 3000)
    return () => clearInterval(t)
  }, [])
  const s = useMemo(() => spec(rooms), [rooms])
  return (
    <section className="kit-screen">
      <ScreenHead title="开奖记录" hint="Enter 详情 · Shift+M 人工开奖（结算前）· Shift+Y 本机验证 · 每 3 秒自动刷新" />
      <DataTable spec={s} actions={<><CommandButton id="lottery.verifyDraw" /><CommandButton id="lottery.setManualResult" /></>} />
    </section>
  )
}
