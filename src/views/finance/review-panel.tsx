// The review panel of 提现记录 (the review desk): beside the list, the whole picture of the focused withdrawal's
// member in one read (GET /api/withdraw/review): flags, claim, money of 30 days and all time, turnover now and at
// the request, associated accounts, recent records and notes. It follows the grid's focused row, so the list keeps
// the keyboard: j/k move, n/p jump between pending rows, c claims, a approves, r rejects, Esc closes the panel.
import { useEffect, useState, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { api } from '../../core/api'
import { consoleState } from '../../core/context'
import { MENU } from '../../contract/menus'
import { formatMoney } from '../../contract/format'
import { label } from '../../contract/enums'
import { TRANSFER_TYPE } from '../../contract/ledger'
import { ASSOCIATION_BY } from '../../contract/risk'
import type { MoneyFigures, TurnoverFigures, WithdrawReview } from '../../contract/review'
import { Tag } from '../kit/cells'
import { useLoad } from '../kit/use-load'
import { MemberRisk } from '../risk/cells'
import { WithdrawStatus } from './cells'

const MONEY_ROWS: [keyof MoneyFigures, string][] = [
  ['recharge', '充值'], ['withdraw', '提现'], ['bet', '投注'], ['payout', '派彩'], ['gift', '彩金'], ['manual', '人工加减'], ['net_win', '会员盈亏'],
]

/** The focused withdrawal's id, followed after a short pause so holding j does not read every row on the way. */
function useFocusedId(): number | null {
  const snap = useSnapshot(consoleState)
  const focused = snap.list === MENU.withdraw && snap.focused ? Number(snap.focused.id) : null
  const [id, setId] = useState<number | null>(focused)
  useEffect(() => {
    const t = setTimeout(() => setId(focused), 120)
    return () => clearTimeout(t)
  }, [focused])
  return id
}

function Section({ title, children, testid }: { title: string; children: ReactNode; testid?: string }) {
  return <section className="rv-section" data-testid={testid}><h3>{title}</h3>{children}</section>
}

const signed = (v: string) => <span className={v.startsWith('-') ? 'fin-out' : undefined}>{formatMoney(v)}</span>

function Money({ days30, all }: { days30: MoneyFigures; all: MoneyFigures }) {
  return (
    <table className="rv-table" data-testid="review-money">
      <thead><tr><th /><th>近 30 天</th><th>全部</th></tr></thead>
      <tbody>{MONEY_ROWS.map(([k, t]) => <tr key={k} data-key={k}><td>{t}</td><td className="num">{signed(days30[k])}</td><td className="num">{signed(all[k])}</td></tr>)}</tbody>
    </table>
  )
}

function Turnover({ now, then }: { now: TurnoverFigures; then: TurnoverFigures }) {
  const row = (t: string, f: TurnoverFigures, key: string) => (
    <tr data-key={key}><td>{t}</td><td className="num">{formatMoney(f.required)}</td><td className="num">{formatMoney(f.done)}</td>
      <td className={`num${Number(f.remaining) > 0 ? ' fin-out' : ''}`}>{formatMoney(f.remaining)}</td></tr>
  )
  return (
    <table className="rv-table" data-testid="review-turnover">
      <thead><tr><th>打码量</th><th>要求</th><th>已完成</th><th>剩余</th></tr></thead>
      <tbody>{row('申请时', then, 'at_request')}{row('现在', now, 'now')}</tbody>
    </table>
  )
}

function Body({ r }: { r: WithdrawReview }) {
  const { withdrawal: w, member: m } = r
  const claim = w.claimed_by ? `${w.claimed_by} 认领中${w.claim_expires_at ? `（至 ${w.claim_expires_at.slice(11, 16)}）` : ''}` : '未认领'
  return (
    <div data-testid="review-body" data-id={w.id}>
      <div className="rv-head">
        <b>{w.order_no}</b> <WithdrawStatus row={w as never} /> <span className="rv-amount">{formatMoney(w.amount)} 元</span>
        <div className="kit-muted" data-testid="review-claim">{claim} · 申请 {w.created_at}</div>
      </div>
      <div className="rv-flags" data-testid="review-flags">
        {r.flags.length ? r.flags.map((f) => <Tag key={f.code} tone="warn"><span data-flag={f.code}>{f.label}</span></Tag>) : <Tag tone="ok">无风险提示</Tag>}
      </div>
      <Section title="会员" testid="review-member">
        <div className="rv-member">
          <b>{m.username}</b> {m.level} <MemberRisk row={m as never} />
        </div>
        <div className="kit-muted">注册 {m.created_at} · IP {m.register_ip || '—'}</div>
      </Section>
      <Section title="资金"><Money days30={r.money.days_30} all={r.money.all} /></Section>
      <Section title="打码量"><Turnover now={r.turnover} then={r.turnover_at_request} /></Section>
      <Section title="关联账号" testid="review-associations">
        {!r.associations.length ? <p className="kit-muted">没有关联账号</p> : r.associations.map((a) => (
          <div key={`${a.by}:${a.value}`} className="rv-assoc" data-by={a.by}>
            <span className="kit-muted">{ASSOCIATION_BY[a.by]} {a.value}</span>：{a.members.map((x) => x.username).join('、')}
          </div>
        ))}
      </Section>
      <Section title="备注" testid="review-notes">
        {!r.notes.length ? <p className="kit-muted">暂无备注</p> : r.notes.map((n) => <p key={n.id} className="rv-note">{n.text}<span className="kit-muted"> —— {n.admin} {n.created_at}</span></p>)}
      </Section>
      <Section title="最近提现">
        <table className="rv-table"><tbody>{r.recent.withdrawals.map((x) => (
          <tr key={x.id}><td>{x.created_at}</td><td className="num">{formatMoney(x.amount)}</td><td><WithdrawStatus row={x as never} /></td></tr>
        ))}</tbody></table>
      </Section>
      <Section title="最近账变">
        <table className="rv-table"><tbody>{r.recent.balance_changes.map((c) => (
          <tr key={c.id}><td>{c.created_at}</td><td>{c.type_name || label(TRANSFER_TYPE, c.type)}</td><td className="num">{signed(c.amount)}</td><td className="num">{formatMoney(c.after)}</td></tr>
        ))}</tbody></table>
      </Section>
      <Section title="最近登录">
        <table className="rv-table"><tbody>{r.recent.logins.map((l) => (
          <tr key={l.id}><td>{l.at}</td><td>{l.ip}</td><td>{l.device_id}</td><td>{l.ok ? '' : '失败'}</td></tr>
        ))}</tbody></table>
      </Section>
    </div>
  )
}

export function ReviewPanel({ onClose }: { onClose: () => void }) {
  const id = useFocusedId()
  const refresh = useSnapshot(consoleState).refresh[MENU.withdraw] ?? 0
  const { state, data, retry } = useLoad(() => (id ? api.withdraw.review({ id }, { silent: true }) : Promise.resolve(null)), [id], [refresh])
  const shown = data && data.withdrawal.id === id ? data : null
  return (
    <aside className="rv-panel" aria-label="提现审核" data-testid="review-panel" data-state={state}>
      <header className="rv-bar">
        <h2>审核</h2>
        <span className="kit-muted">c 认领 · a 通过 · r 驳回 · n/p 下/上一笔待审核 · Esc 关闭</span>
        <button type="button" className="kit-btn kit-btn-text" onClick={onClose} aria-label="关闭审核面板">✕</button>
      </header>
      <div className="rv-scroll">
        {!id ? <p className="kit-muted">在列表中选择一笔提现</p>
          : state === 'error' ? <p>加载失败 <button type="button" className="kit-btn" onClick={retry}>重试</button></p>
            : !shown ? <p className="kit-muted" role="status">加载中…</p> : <Body r={shown} />}
      </div>
    </aside>
  )
}
