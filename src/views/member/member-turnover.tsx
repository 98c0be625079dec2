// The member drawer's 打码量 section: required, done and remaining, and the latest requirements with their source.
import { api } from '../../core/api'
import { TURNOVER_SOURCE } from '../../contract/risk'
import { label } from '../../contract/enums'
import { formatMoney } from '../../contract/format'
import { useLoad } from '../kit/use-load'

const SHOWN = 10

export function TurnoverSection({ id, tick }: { id: number; tick: number }) {
  const t = useLoad(() => api.memberRisk.turnover({ member_id: id }, { silent: true }), [id], [tick])
  const d = t.data
  return (
    <section className="mb-section" data-testid="member-turnover">
      <h3>打码量</h3>
      {t.state === 'error' ? <p className="kit-muted">打码量加载失败或无权查看</p> : !d ? <p className="kit-muted">加载中…</p> : (
        <>
          <div className="mb-balances">
            <div className="mb-balance">要求<b data-testid="turnover-required">{formatMoney(d.required)}</b></div>
            <div className="mb-balance">已完成<b data-testid="turnover-done">{formatMoney(d.done)}</b></div>
            <div className={`mb-balance${d.remaining !== '0.00' ? ' mb-due' : ''}`}>剩余<b data-testid="turnover-remaining">{formatMoney(d.remaining)}</b></div>
          </div>
          {!d.items.length ? <p className="kit-muted">暂无打码量要求</p> : (
            <table className="mb-mini">
              <thead><tr><th>时间</th><th>来源</th><th>单号</th><th>金额</th><th>倍数</th><th>要求</th><th>已完成</th><th>状态</th></tr></thead>
              <tbody>
                {d.items.slice(0, SHOWN).map((r) => (
                  <tr key={r.id}>
                    <td>{r.created_at}</td>
                    <td>{label(TURNOVER_SOURCE, r.source)}</td>
                    <td>{r.ref}</td>
                    <td className="num">{formatMoney(r.amount)}</td>
                    <td className="num">{r.multiple}</td>
                    <td className="num">{formatMoney(r.required)}</td>
                    <td className="num">{formatMoney(r.done)}</td>
                    <td>{r.waived ? '已免除' : r.done === r.required ? '已完成' : '进行中'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {d.items.length > SHOWN && <p className="kit-muted">仅显示最近 {SHOWN} 条</p>}
        </>
      )}
    </section>
  )
}
