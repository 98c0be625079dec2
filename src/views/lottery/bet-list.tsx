// The bet list both bet screens render (投注记录 for real members, or the house's virtual accounts when the filter
// asks; 试玩投注记录 for trial members): keyset pages over millions of bets with the stake and win/loss sums.
import { useEffect, useMemo, useState } from 'react'
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { ScreenHead } from '../kit/screen'
import type { Choice } from '../kit/types'
import { LOTTERY_BET_STATUS } from '../../contract/lottery'
import { playwayChoices, roomChoices } from './choices'

const VIRTUAL: Choice[] = [{ value: '0', label: '真实会员' }, { value: '1', label: '虚拟账号' }]
const tone = (s: unknown) => (s === 1 ? 'ok' : s === 2 ? 'off' : s === 3 ? 'info' : 'warn')

function spec(list: string, endpoint: string, title: string, demo: boolean, rooms: Choice[], ways: Choice[]): ListSpec {
  return {
    list, title, endpoint,
    filters: [
      { name: 'username', title: '用户名', type: 'text' },
      { name: 'issue_no', title: '期号', type: 'text' },
      { name: 'room_id', title: '房间', type: 'select', options: rooms },
      { name: 'order_no', title: '订单号', type: 'text' },
      { name: 'playway_id', title: '玩法', type: 'select', options: ways },
      { name: 'status', title: '状态', type: 'select', options: LOTTERY_BET_STATUS },
      ...(demo ? [] : [{ name: 'is_virtual', title: '账号类型', type: 'select' as const, options: VIRTUAL }]),
      { name: 'start_time', title: '开始日期', type: 'date' },
      { name: 'end_time', title: '结束日期', type: 'date', endOfDay: true },
    ],
    columns: [
      { key: 'order_no', title: '订单号', width: 190 },
      {
        key: 'username', title: '会员', width: 140, text: (r) => `${r.username}${r.is_virtual ? '（虚拟）' : demo ? '（试玩）' : ''}`,
        render: (r) => <>{String(r.username)}{r.is_virtual ? <Tag tone="warn">虚拟</Tag> : demo ? <Tag tone="info">试玩</Tag> : null}</>,
      },
      { key: 'room_name', title: '房间', width: 90 },
      {
        key: 'issue_no', title: '期号', width: 150, text: (r) => `${r.issue_no}${r.issue_manual ? '（人工开奖）' : ''}`,
        render: (r) => <>{String(r.issue_no)}{r.issue_manual ? <Tag tone="warn">人工开奖</Tag> : null}</>,
      },
      { key: 'content', title: '投注内容', width: 100 },
      { key: 'amount', title: '投注金额', width: 110, format: 'money' },
      { key: 'rate', title: '赔率', width: 70, align: 'right' },
      { key: 'payout', title: '派彩', width: 110, format: 'money' },
      { key: 'win_loss', title: '输赢', width: 110, format: 'money' },
      { key: 'status', title: '状态', width: 80, format: LOTTERY_BET_STATUS, render: (r) => <Tag tone={tone(r.status)}>{LOTTERY_BET_STATUS[String(r.status)]}</Tag> },
      { key: 'created_at', title: '投注时间', width: 160, format: 'datetime' },
      { key: 'settled_at', title: '结算时间', width: 160, format: 'datetime', hidden: true },
      { key: 'member_id', title: '会员ID', width: 80, hidden: true },
    ],
    stats: [
      { key: 'subscribe_money_stat', title: '投注金额', format: 'money' },
      { key: 'losing_wonning_stat', title: '会员输赢', format: 'money' },
    ],
  }
}

export function BetList({ list, endpoint, title, demo, hint }: { list: string; endpoint: string; title: string; demo: boolean; hint: string }) {
  const [rooms, setRooms] = useState<Choice[]>([])
  const [ways, setWays] = useState<Choice[]>([])
  useEffect(() => {
    roomChoices().then(setRooms, () => undefined)
    playwayChoices().then(setWays, () => undefined)
  }, [])
  const s = useMemo(() => spec(list, endpoint, title, demo, rooms, ways), [list, endpoint, title, demo, rooms, ways])
  return (
    <section className="kit-screen">
      <ScreenHead title={title} hint={hint} />
      <DataTable spec={s} />
    </section>
  )
}
