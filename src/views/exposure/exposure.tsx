// 风险敞口: every open room's issue next to draw with its stakes and worst result; the chosen room's issue in detail —
// the ten costliest and three cheapest results, the largest payout by digit sum (a bar per sum), the play ways and
// members carrying the risk. Enter on a result or a member opens the bets behind it (投注记录 of the issue). ↑/↓ move
// within a list, Enter on a room goes to its worst results, Esc comes back to the rooms.
// Kept current by polling the rooms every POLL_MS while the page is visible: no event is sent per bet (a busy room
// places hundreds a second, each one a message to every open console), and one poll reads an aggregate of a few
// hundred rows per room whatever the number of bets.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { api } from '../../core/api'
import { navigate } from '../../core/nav'
import { MENU } from '../../contract/menus'
import { formatMoney } from '../../contract/format'
import type { Exposure, ExposureRoom } from '../../contract/exposure'
import { ScreenHead } from '../kit/screen'
import { useLoad } from '../kit/use-load'
import { SumBars } from './sum-bars'
import './exposure.css'

const POLL_MS = 3000

/** ↑/↓ (and Home/End) move the focus among the buttons of the list. */
function arrows(e: KeyboardEvent<HTMLElement>) {
  const keys: Record<string, (i: number, n: number) => number> = {
    ArrowDown: (i, n) => Math.min(n - 1, i + 1), ArrowUp: (i) => Math.max(0, i - 1), Home: () => 0, End: (_i, n) => n - 1,
  }
  const move = keys[e.key]
  if (!move) return
  const items = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')]
  const i = items.indexOf(document.activeElement as HTMLButtonElement)
  e.preventDefault()
  items[move(i, items.length)]?.focus()
}

const bets = (issueId: number, extra: string) => navigate(`${MENU.bets}?issue_id=${issueId}${extra}`)

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return <section className="ex-panel"><h2>{title}</h2>{children}</section>
}

function Detail({ room, tick, back }: { room: ExposureRoom; tick: number; back: () => void }) {
  const id = room.issue_id!
  const x = useLoad<Exposure>(() => api.exposure.show({ id }, { silent: true }), [id], [tick])
  if (x.state === 'loading') return <p className="kit-muted">加载中…</p>
  if (x.state === 'error' || !x.data) return <p className="kit-error">加载失败 <button type="button" className="kit-btn" onClick={x.retry}>重试</button></p>
  const d = x.data
  const esc = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); back() } else arrows(e)
  }
  return (
    <div className="ex-detail" data-testid="exposure-detail" data-issue={d.issue.issue_no}>
      <p className="ex-facts">
        {d.issue.room_name} 第 {d.issue.issue_no} 期 · 封盘 {d.issue.lock_at} · {d.bets} 注 · 投注 {formatMoney(d.stake)} 元
        {d.issue.max_payout_per_issue !== '0.00' && <> · 每期赔付上限 {formatMoney(d.issue.max_payout_per_issue)} 元</>}
      </p>
      {d.bets === 0 ? <p className="kit-muted">本期还没有真实会员投注，没有风险敞口</p> : (
        <div className="ex-grid">
          <Panel title="最差结果（庄家赔付最多）">
            <div className="ex-list" role="group" aria-label="最差结果" data-testid="exposure-worst" onKeyDown={esc}>
              {d.worst.map((r) => (
                <button key={r.digits} type="button" className="ex-row" data-digits={r.digits} onClick={() => bets(id, `&wins=${r.digits}`)}
                  title="Enter 查看开出此结果时派彩的投注">
                  <b>{r.digits}</b><span>派彩 {formatMoney(r.payout)}</span><span className={r.house_net.startsWith('-') ? 'ex-loss' : 'ex-gain'}>庄家 {formatMoney(r.house_net)}</span>
                </button>
              ))}
            </div>
            <h3>最好结果</h3>
            <div className="ex-list" role="group" aria-label="最好结果" onKeyDown={esc}>
              {d.best.map((r) => (
                <button key={r.digits} type="button" className="ex-row" onClick={() => bets(id, `&wins=${r.digits}`)}>
                  <b>{r.digits}</b><span>派彩 {formatMoney(r.payout)}</span><span className={r.house_net.startsWith('-') ? 'ex-loss' : 'ex-gain'}>庄家 {formatMoney(r.house_net)}</span>
                </button>
              ))}
            </div>
          </Panel>
          <Panel title="各和值最高赔付">
            <SumBars sums={d.by_sum} cap={d.issue.max_payout_per_issue} />
          </Panel>
          <Panel title="玩法">
            <table className="ex-table"><thead><tr><th>玩法</th><th className="ex-num">注数</th><th className="ex-num">投注</th><th className="ex-num">最高赔付</th></tr></thead>
              <tbody>{d.by_playway.map((w) => (
                <tr key={w.code}><td>{w.name}</td><td className="ex-num">{w.bets}</td><td className="ex-num">{formatMoney(w.stake)}</td><td className="ex-num">{formatMoney(w.payout_max)}</td></tr>
              ))}</tbody></table>
          </Panel>
          <Panel title="风险最大的会员">
            <div className="ex-list ex-members" role="group" aria-label="风险最大的会员" data-testid="exposure-members" onKeyDown={esc}>
              {d.top_members.map((m) => (
                <button key={m.member_id} type="button" className="ex-row" onClick={() => bets(id, `&member_id=${m.member_id}`)} title="Enter 查看该会员本期的投注">
                  <b>{m.username}</b><span>{m.bets} 注 {formatMoney(m.stake)}</span><span>最高赔付 {formatMoney(m.payout_max)}</span>
                </button>
              ))}
            </div>
          </Panel>
        </div>
      )}
    </div>
  )
}

export function ExposureScreen() {
  const [tick, setTick] = useState(0)
  const [chosen, setChosen] = useState<number | null>(null)
  const rooms = useLoad(() => api.exposure.rooms(undefined, { silent: true }), [], [tick])
  const list = useRef<HTMLDivElement>(null)
  const focused = useRef(false)
  useEffect(() => {
    const timer = setInterval(() => { if (document.visibilityState === 'visible') setTick((n) => n + 1) }, POLL_MS)
    return () => clearInterval(timer)
  }, [])
  const items = rooms.data?.items ?? []
  // The first answer puts the focus on the first room, so the keyboard starts here.
  useEffect(() => {
    if (focused.current || !items.length) return
    focused.current = true
    list.current?.querySelector<HTMLButtonElement>('button')?.focus()
  }, [items.length])
  const room = items.find((r) => r.room_id === chosen) ?? items[0]
  const toWorst = () => document.querySelector<HTMLButtonElement>('[data-testid="exposure-worst"] button')?.focus()
  const back = () => list.current?.querySelector<HTMLButtonElement>(`button[data-room="${room?.room_id}"]`)?.focus()
  return (
    <section className="kit-screen ex-screen">
      <ScreenHead title="风险敞口" hint="各开启房间当前一期：真实会员投注在全部 1000 种开奖结果下的派彩 · ↑↓ 选房间 · Enter 看最差结果 · Enter 打开投注 · Esc 返回 · 每 3 秒刷新" />
      {rooms.state === 'loading' && <p className="kit-muted">加载中…</p>}
      {rooms.state === 'error' && <p className="kit-error">加载失败 <button type="button" className="kit-btn" onClick={rooms.retry}>重试</button></p>}
      {rooms.state === 'ok' && !items.length && <p className="kit-muted">没有开启的房间</p>}
      <div className="ex-rooms" role="group" aria-label="房间" ref={list} data-testid="exposure-rooms" onKeyDown={arrows}>
        {items.map((r) => (
          <button key={r.room_id} type="button" className="ex-room" data-room={r.room_id} aria-pressed={r.room_id === room?.room_id}
            onFocus={() => setChosen(r.room_id)} onClick={() => { setChosen(r.room_id); setTimeout(toWorst) }}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); toWorst() } }}>
            <b>{r.room_name}</b>
            <span>{r.issue_no ? `第 ${r.issue_no} 期` : '暂无期号'}</span>
            <span>{r.bets} 注 · {formatMoney(r.stake)} 元</span>
            <span className="ex-worst" data-testid="room-worst">{r.worst_digits ? `最差 ${r.worst_digits} 赔 ${formatMoney(r.worst_payout)}` : '无投注'}</span>
            {r.max_payout_per_issue !== '0.00' && <span className="kit-muted">上限 {formatMoney(r.max_payout_per_issue)}</span>}
          </button>
        ))}
      </div>
      {room?.issue_id ? <Detail room={room} tick={tick} back={back} /> : null}
    </section>
  )
}
