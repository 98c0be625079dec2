// The reconciliation result (账务核对): one line per check with what it covered and, when it fails, where.
import type { LedgerCheck } from '../../contract/member'
import { Modal, mountModal } from '../kit/form-dialog'
import { Tag } from '../kit/cells'

export function showLedgerCheck(r: LedgerCheck): Promise<void> {
  return mountModal<void>((done) => (
    <Modal title="账务核对" onClose={() => done()} wide>
      <div className="kit-result" data-testid="ledger-check" data-ok={r.ok}>
        <p>{r.ok ? <Tag tone="ok">全部通过</Tag> : <Tag tone="off">发现不符</Tag>} <span className="kit-muted">用时 {r.ms} ms</span></p>
        <table className="kit-mini-table">
          <thead><tr><th>检查项</th><th>检查数</th><th>结果</th></tr></thead>
          <tbody>
            {r.lines.map((l) => (
              <tr key={l.name} data-ok={l.ok}>
                <td>{l.name}</td>
                <td>{l.checked}</td>
                <td>{l.ok ? <Tag tone="ok">通过</Tag> : <><Tag tone="off">不符</Tag> {l.detail}</>}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="kit-form-actions">
          <button type="button" className="kit-btn kit-btn-primary" data-autofocus onClick={() => done()}>关闭</button>
        </div>
      </div>
    </Modal>
  ))
}
