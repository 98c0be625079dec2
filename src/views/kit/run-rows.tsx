// Runs a row command from the table (confirm preview, then run) and reports the outcome, listing partial failures.
import { execute, getCommand } from '../../core/registry'
import { ApiError, isCancelled } from '../../core/http'
import { toast, toastState } from '../../core/toast'
import { Modal, mountModal } from './form-dialog'

/** What a bulk `run` may answer: how many rows succeeded and which failed, with the server's reason. */
export interface BulkResult { ok: number; failed: { id: number | string; msg: string }[] }

export function isBulkResult(x: unknown): x is BulkResult {
  return typeof x === 'object' && x !== null && typeof (x as BulkResult).ok === 'number' && Array.isArray((x as BulkResult).failed)
}

export function showBulkResult(title: string, result: BulkResult, names?: Map<string, string>): Promise<void> {
  return mountModal<void>((done) => (
    <Modal title={`${title}：部分失败`} onClose={() => done()}>
      <div className="kit-result" data-testid="bulk-result">
        <p>成功 {result.ok} 项，失败 {result.failed.length} 项：</p>
        <ul>
          {result.failed.map((f) => (
            <li key={String(f.id)}><b>{names?.get(String(f.id)) ?? `#${f.id}`}</b>：{f.msg}</li>
          ))}
        </ul>
        <div className="kit-form-actions">
          <button type="button" className="kit-btn kit-btn-primary" data-autofocus onClick={() => done()}>知道了</button>
        </div>
      </div>
    </Modal>
  ))
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
