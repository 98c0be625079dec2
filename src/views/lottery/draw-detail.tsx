// A draw's detail in the drawer (draws.show): its facts, the real members' bets per play way, the money
// classes' totals and the fairness data (seed hash before, seed and HMAC once drawn).
import { useEffect, useState } from 'react'
import { api } from '../../core/api'
import { DRAW_STATUS, type DrawDetail } from '../../contract/lottery'
import { MONEY_CLASS } from '../../contract/ledger'
import { FieldList } from '../kit/drawer'
import { formatMoney } from '../../contract/format'
import { Result } from './cells'
import './lottery.css'

export function DrawDetailPanel({ id }: { id: number }) {
  const [d, setD] = useState<DrawDetail | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => { api.draws.show({ id }, { silent: true }).then(setD, () => setFailed(true)) }, [id])
  if (failed) return <p className="kit-error">加载失败</p>
  if (!d) return <p className="kit-muted">加载中…</p>
  return (
    <div data-testid="draw-detail" data-issue={d.issue_no}>
      <FieldList row={{ ...d, id: d.id } as never} fields={[
        { key: 'room_name', title: '房间' }, { key: 'issue_no', title: '期号' }, { key: 'open_at', title: '开奖时间' },
        { key: 'lock_at', title: '封盘时间' }, { key: 'status', title: '状态', format: DRAW_STATUS },
        { key: 'result', title: '开奖结果', render: () => <Result result={d.result} tags={d.tags} manual={d.is_manual} /> },
        ...(d.manual ? [{ key: 'manual', title: '人工开奖', render: () => `${d.manual!.admin} ${d.manual!.at ?? ''} ${d.remark}` }] : []),
        { key: 'bet_amount', title: `投注（${d.bet_count} 注）`, format: 'money' as const }, { key: 'payout_amount', title: '派彩', format: 'money' as const },
        { key: 'settled_at', title: '结算时间' },
      ]} />
      <section className="lt-section">
        <h3>各玩法投注（真实会员）</h3>
        {!d.lines.length ? <p className="kit-muted">本期没有真实会员投注</p> : (
          <table className="lt-grid"><thead><tr><th>玩法</th><th className="lt-num">注数</th><th className="lt-num">投注</th><th className="lt-num">派彩</th></tr></thead>
            <tbody>{d.lines.map((l) => (
              <tr key={`${l.playway_id}-${l.number ?? ''}`}><td>{l.name}{l.number !== null ? ` ${l.number}` : ''}</td><td className="lt-num">{l.bet_count}</td>
                <td className="lt-num">{formatMoney(l.stake)}</td><td className="lt-num">{formatMoney(l.payout)}</td></tr>
            ))}</tbody></table>
        )}
        {d.by_money.length > 0 && (
          <p className="kit-muted">{d.by_money.map((m) => `${MONEY_CLASS[m.money]}：${m.bet_count} 注，投注 ${formatMoney(m.stake)}，派彩 ${formatMoney(m.payout)}`).join('；')}</p>
        )}
      </section>
      <section className="lt-section">
        <h3>公平性验证</h3>
        <dl className="kit-fields">
          <div className="kit-field-row"><dt>种子哈希（开奖前公布）</dt><dd className="lt-hash">{d.seed_hash}</dd></div>
          {d.verify ? (
            <>
              <div className="kit-field-row"><dt>种子</dt><dd className="lt-hash">{d.verify.seed}</dd></div>
              <div className="kit-field-row"><dt>HMAC 消息</dt><dd>{d.verify.message}</dd></div>
              <div className="kit-field-row"><dt>HMAC-SHA256</dt><dd className="lt-hash">{d.verify.hmac}</dd></div>
              <div className="kit-field-row"><dt>种子算得</dt><dd><Result result={d.verify.computed} /></dd></div>
              <div className="kit-field-row"><dt>算法</dt><dd>{d.verify.method}</dd></div>
            </>
          ) : <div className="kit-field-row"><dt>种子</dt><dd className="kit-muted">开奖后公开</dd></div>}
        </dl>
        <p className="kit-muted">在列表中选中本期按 Shift+Y，由本浏览器重新计算并核对。</p>
      </section>
    </div>
  )
}
