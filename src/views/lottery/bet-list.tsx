// The two bet screens: 投注记录 (real members' bets, the house's virtual accounts when 账号类型 asks for them, labelled
// 虚拟) and 试玩投注记录 (trial members' bets in play money, never in the real lists or reports); keyset pages over
// millions of bets with the stake and win/loss sums.
import { useMemo } from 'react'
import { useSearchParams } from 'wouter'
import type { ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import type { Choice } from '../kit/types'
import type { Endpoint } from '../../contract/endpoint'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { LOTTERY_BET_STATUS } from '../../contract/lottery'
import { playwayChoices, roomChoices, useChoices } from './choices'
import { DATE_RANGE } from './list-parts'
import { ListScreen, statusColumn } from '../kit/list-screen'

const VIRTUAL: Choice[] = [{ value: '0', label: '真实会员' }, { value: '1', label: '虚拟账号' }]
const tone = (s: unknown) => (s === 1 ? 'ok' : s === 2 ? 'off' : s === 3 ? 'info' : 'warn')

function spec(list: string, endpoint: Endpoint, title: string, demo: boolean, rooms: Choice[], ways: Choice[], links: Record<string, string>): ListSpec {
  return {
    list, title, endpoint, params: links,
    filters: [
      { name: 'username', title: '用户名', type: 'text' },
      { name: 'issue_no', title: '期号', type: 'text' },
      { name: 'room_id', title: '房间', type: 'select', options: rooms },
      { name: 'order_no', title: '订单号', type: 'text' },
      { name: 'playway_id', title: '玩法', type: 'select', options: ways },
      { name: 'status', title: '状态', type: 'select', options: LOTTERY_BET_STATUS },
      ...(demo ? [] : [{ name: 'is_virtual', title: '账号类型', type: 'select' as const, options: VIRTUAL }]),
      ...DATE_RANGE,
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
      statusColumn(LOTTERY_BET_STATUS, 80, tone),
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

/** 风险敞口 opens the bets behind it: one issue's (issue_id), of a member (member_id), that a result would pay (wins). */
const LINKS = ['issue_id', 'member_id', 'wins'] as const

function BetList({ list, endpoint, title, demo, hint }: { list: string; endpoint: Endpoint; title: string; demo: boolean; hint: string }) {
  const rooms = useChoices(roomChoices)
  const ways = useChoices(playwayChoices)
  const [search] = useSearchParams()
  const linked = JSON.stringify(Object.fromEntries(LINKS.flatMap((k) => (search.get(k) ? [[k, search.get(k)!]] : []))))
  const s = useMemo(() => spec(list, endpoint, title, demo, rooms, ways, JSON.parse(linked)), [list, endpoint, title, demo, rooms, ways, linked])
  const links = JSON.parse(linked) as Record<string, string>
  const from = links.issue_id ? `来自风险敞口：本期${links.wins ? `开出 ${links.wins} 时派彩的` : ''}${links.member_id ? `会员 ${links.member_id} 的` : ''}投注 · ` : ''
  return <ListScreen spec={s} hint={`${from}${hint}`} />
}

export function BetsScreen() {
  return <BetList list={MENU.bets} endpoint={API.bets.index} title="投注记录" demo={false}
    hint="合计为筛选结果的投注金额与会员输赢（派彩 − 投注，仅已结算）· 虚拟账号不计入真实会员合计" />
}

export function DemoBetsScreen() {
  return <BetList list={MENU.betsDemo} endpoint={API.bets.demo} title="试玩投注记录" demo hint="试玩会员的投注（试玩资金，不计入任何财务统计）" />
}
