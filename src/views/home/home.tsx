// 首页: today against yesterday, the work waiting (links that open the filtered lists, with their hotkeys) and a
// 30-day chart — each part only when the admin's menus allow it (the server answers nothing else) — then the
// keyboard reference and the screens open to the admin.
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { useSnapshot } from 'valtio'
import { consoleState } from '../../core/context'
import { currentCommands } from '../../core/registry'
import { sessionState } from '../../core/session'
import { api } from '../../core/api'
import { KeyList } from '../shell/key-list'
import { formatMoney } from '../../contract/format'
import { DayChart, SERIES_COLORS } from '../report/chart'
import { toCents } from '../../contract/money'
import { MENU } from '../../contract/menus'
import type { HomeIndex, ReportDay } from '../../contract/report'
import './home.css'

const CARDS: { key: keyof ReportDay; title: string; money: boolean }[] = [
  { key: 'recharge_amount', title: '充值', money: true },
  { key: 'withdraw_amount', title: '提现', money: true },
  { key: 'bet_amount', title: '投注', money: true },
  { key: 'profit', title: '盈亏', money: true },
  { key: 'register_count', title: '新增会员', money: false },
  { key: 'active_count', title: '活跃会员', money: false },
]
const yuan = (v: string) => (toCents(v) ?? 0) / 100

function Waiting({ w }: { w: HomeIndex['waiting'] }) {
  const links = [
    // Alt+W (待审核提现) opens every withdrawal under review, 待复核 ones included; the link only those before a first approval.
    w.withdraw_pending !== null && { href: `${MENU.withdraw}?review_stage=pending`, title: '提现审核中', n: w.withdraw_pending, key: 'Alt+W', note: 'Alt+W 打开全部待审核提现（含待复核）' },
    w.withdraw_second !== null && { href: `${MENU.withdraw}?review_stage=second`, title: '提现待复核', n: w.withdraw_second, key: 'Alt+V' },
    w.recharge_pending !== null && { href: `${MENU.recharge}?status=3`, title: '充值待支付', n: w.recharge_pending, key: 'Alt+R' },
  ].filter(Boolean) as { href: string; title: string; n: number; key: string; note?: string }[]
  if (!links.length) return null
  return (
    <section className="panel" aria-label="待处理">
      <h2>待处理</h2>
      <ul className="home-waiting">
        {links.map((l) => (
          <li key={l.href}><Link href={l.href} data-testid={`waiting-${l.title}`}><span>{l.title}</span><strong className={l.n ? 'due' : ''}>{l.n}</strong><kbd title={l.note}>{l.key}</kbd></Link></li>
        ))}
      </ul>
    </section>
  )
}

export default function Home() {
  const { user } = useSnapshot(sessionState)
  const { product, products } = useSnapshot(consoleState)
  const [data, setData] = useState<HomeIndex | null>(null)
  const screens = currentCommands().filter((c) => c.path && c.path !== MENU.home && c.sidebar !== false)

  useEffect(() => {
    // After a reload the product is known once the session's user info is back: asking before would be asked again at
    // once (the same request, dropped as a duplicate while the first is in flight, whose answer is then stale).
    if (!product) return
    let live = true
    const load = () => api.report.home(undefined, { silent: true }).then((d) => { if (live) setData(d) }).catch(() => undefined)
    load()
    const timer = setInterval(load, 30_000)
    return () => { live = false; clearInterval(timer) }
  }, [product])

  const days = useMemo(() => data?.series?.map((d) => d.date) ?? [], [data])
  const series = useMemo(() => data?.series ? [
    { label: '充值', color: SERIES_COLORS.recharge, values: data.series.map((d) => yuan(d.recharge)) },
    { label: '提现', color: SERIES_COLORS.withdraw, values: data.series.map((d) => yuan(d.withdraw)) },
    { label: '盈亏', color: SERIES_COLORS.profit, values: data.series.map((d) => yuan(d.profit)) },
  ] : [], [data])

  return (
    <div className="home" data-testid="home">
      <h1 className="page-title">您好，{user?.nickname || user?.username}</h1>
      <p className="muted">当前产品：{products[product] ?? product}。按 Ctrl/⌘+K 打开命令面板，输入中文、拼音或首字母即可查找功能。</p>
      {data?.days && (
        <section className="panel" aria-label="今日概况">
          <h2>今日与昨日</h2>
          <div className="home-cards">
            {CARDS.map((c) => (
              <div className="home-card" key={c.key} data-testid={`today-${c.key}`}>
                <span className="muted">{c.title}</span>
                <strong>{c.money ? formatMoney(String(data.days!.today[c.key])) : data.days!.today[c.key]}</strong>
                <span className="muted">昨日 {c.money ? formatMoney(String(data.days!.yesterday[c.key])) : data.days!.yesterday[c.key]}</span>
              </div>
            ))}
          </div>
        </section>
      )}
      {data && <Waiting w={data.waiting} />}
      {data?.series && (
        <section className="panel" aria-label="近30天">
          <h2>近 30 天充值、提现与盈亏</h2>
          <DayChart days={days} series={series} label="近 30 天充值、提现与盈亏走势" />
        </section>
      )}
      <section className="panel">
        <h2>键盘快捷键</h2>
        <KeyList />
      </section>
      {screens.length > 0 && (
        <section className="panel">
          <h2>常用页面</h2>
          <ul className="link-grid">
            {screens.map((c) => <li key={c.id}><Link href={c.path!}>{c.title}</Link></li>)}
          </ul>
        </section>
      )}
    </div>
  )
}
