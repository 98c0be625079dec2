// Runs a row command from the table (confirm preview, then run) and reports the outcome, listing partial failures.
import { execute, getCommand } from '../../core/registry'
import { ApiError, isCancelled } from '../../core/http'
import { toast, toastState } from '../../core/toast'
import { useSnapshot } from 'valtio'
import { bulkState, showBulkResult } from '../../core/dialogs'
import { isBulkResult } from '../../core/ops'
import { Modal } from './form-dialog'

/** The shell's dialog listing a bulk operation's failed rows and the server's reason for each (core/dialogs showBulkResult). */
export function BulkResultHost() {
  const { report } = useSnapshot(bulkState)
  if (!report) return null
  return (
    <Modal key={report.id} title={`${report.title}：部分失败`} onClose={() => report.done()}>
      <div className="kit-result" data-testid="bulk-result">
        <p>成功 {report.ok} 项，失败 {report.failed.length} 项：</p>
        <ul>
          {report.failed.map((f) => (
            <li key={String(f.id)}><b>{report.names.get(String(f.id)) ?? `#${f.id}`}</b>：{f.msg}</li>
          ))}
        </ul>
        <div className="kit-form-actions">
          <button type="button" className="kit-btn kit-btn-primary" data-autofocus onClick={() => report.done()}>知道了</button>
        </div>
      </div>
    </Modal>
  )
}

/** Runs a registered command on the current rows; never rejects. */
/** `args.rows` makes the command act on those rows instead of the table's selection. */
export async function runRowCommand(id: string, names?: Map<string, string>, args: Record<string, unknown> = {}): Promise<void> {
  const cmd = getCommand(id)
  if (!cmd) return
  const seq = toastState.seq
  try {
    const { ran, result } = await execute(id, args)
    if (!ran) return
    if (isBulkResult(result) && result.failed.length) {
      if (result.ok > 0 || result.failed.length > 1) await showBulkResult(cmd.title, result, names)
      else if (toastState.seq === seq) toast.error(`${cmd.title}失败：${result.failed[0].msg}`)
    } else if (cmd.action && cmd.action !== 'R' && toastState.seq === seq) {
      toast.success(isBulkResult(result) ? `${cmd.title}：成功 ${result.ok} 项` : `${cmd.title}：操作成功`)
    }
  } catch (e) {
    if (isCancelled(e) || e instanceof ApiError) return
    toast.error(e instanceof Error ? e.message : String(e))
  }
}
