// Running a command for the operator (palette, hotkey, sidebar buttons): missing arguments go to the palette, feedback to toasts.
import type { Command } from './command'
import { ApiError, isCancelled } from './http-errors'
import { execute, getCommand } from './registry'
import { holdKeys } from './key-gate'
import { openPalette } from './overlays'
import { toast, toastState } from './toast'

/** Whether the command still needs arguments the palette must ask for. */
export function needsArgs(cmd: Command, args: Record<string, unknown> = {}): boolean {
  return (cmd.args ?? []).some((a) => !a.optional && (args[a.name] === undefined || args[a.name] === ''))
}

/** Runs a command; never rejects (errors become a toast unless the http client already showed one). */
export async function invokeCommand(id: string, args: Record<string, unknown> = {}): Promise<void> {
  const cmd = getCommand(id)
  if (!cmd) return
  // Taken before anything else: keys typed from now on wait for the palette, form or confirm this opens.
  const hold = holdKeys()
  if (needsArgs(cmd, args)) { openPalette(id, args); hold.release(); return }
  const seq = toastState.seq
  try {
    const { ran } = await execute(id, args)
    const writes = cmd.action === 'C' || cmd.action === 'U' || cmd.action === 'D'
    if (ran && writes && !cmd.path && toastState.seq === seq) toast.success(`${cmd.title}：操作成功`)
  } catch (e) {
    if (isCancelled(e) || e instanceof ApiError) return
    console.error(`[commands] ${id} failed`, e)
    toast.error(e instanceof Error ? e.message : String(e))
  } finally {
    hold.release()
  }
}
