// 审计校验's result: overall verdict, each chain's rows, head (seq and hash, to be recorded elsewhere) and first break.
import type { AuditReport, ChainBreak } from '../../contract/audit'
import { Tag } from '../kit/cells'
import { Modal, mountModal } from '../kit/form-dialog'

const place = (b: ChainBreak) => [b.table, b.id !== null && `id ${b.id}`, b.seq !== null && `序号 ${b.seq}`].filter(Boolean).join(' · ')

function Report({ report, onClose }: { report: AuditReport; onClose: () => void }) {
  const unchained = report.tables.reduce((n, t) => n + t.unchained, 0)
  const rows = report.chains.reduce((n, c) => n + c.rows, 0)
  return (
    <div className="kit-result" data-testid="audit-report" data-ok={report.ok}>
      <div className="kit-banner">
        <Tag tone={report.ok ? 'ok' : 'warn'}>{report.ok ? '通过' : '未通过'}</Tag>
        <span>校验时间 {report.checked_at}</span>
        <span>链 {report.chains.length} 条，记录 {rows} 条</span>
        <span>不属于任何链的记录 {unchained} 条</span>
      </div>
      {report.tables.map((t) => {
        const chains = report.chains.filter((c) => c.table === t.table)
        return (
          <section key={t.table} data-table={t.table}>
            <h3>{t.table}：链 {chains.length} 条，记录 {chains.reduce((n, c) => n + c.rows, 0)} 条</h3>
            {t.unchained > 0 && (
              <p className="kit-error" data-testid="audit-unchained">
                {t.unchained} 条记录不属于任何链（id {t.unchained_ids.join('、')}{t.unchained > t.unchained_ids.length ? ' 等' : ''}）
              </p>
            )}
            <ul>
              {chains.map((c) => (
                <li key={c.chain} data-chain={c.chain} data-broken={c.break ? true : undefined}>
                  <b>{c.chain}</b> 记录 {c.rows} 条 · 链头 {c.head ? <>序号 {c.head.seq} <code>{c.head.hash}</code></> : '（无）'}
                  {c.break && <div className="kit-error">断裂：{place(c.break)}：{c.break.problem}</div>}
                </li>
              ))}
            </ul>
          </section>
        )
      })}
      {report.orphans.length > 0 && (
        <ul>
          {report.orphans.map((b) => (
            <li key={b.chain} data-chain={b.chain} data-broken>
              <b>{b.chain}</b><div className="kit-error">{b.problem}</div>
            </li>
          ))}
        </ul>
      )}
      <p className="kit-muted">请把各链的链头（序号和哈希）另行保存：能重算整段链尾哈希的人可以改写历史而不被本次校验发现，与保存的链头对比即可发现。</p>
      <div className="kit-form-actions">
        <button type="button" className="kit-btn kit-btn-primary" data-autofocus onClick={onClose}>知道了</button>
      </div>
    </div>
  )
}

export function showAuditReport(report: AuditReport): Promise<void> {
  return mountModal<void>((done) => (
    <Modal title="审计校验" wide onClose={() => done()}>
      <Report report={report} onClose={() => done()} />
    </Modal>
  ))
}
