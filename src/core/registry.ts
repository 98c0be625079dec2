// The command registry: one declaration per screen or operation, filtered by menu_list and context, run by id.
import type { Command, CommandContext, Row, RowKey } from './command'
import { OPEN_ROUTES } from '../contract/menus'
import { consoleState, currentRows } from './context'
import { confirm } from './dialogs'
import { normalizeHotkey, RESERVED_HOTKEYS } from './hotkey-spec'
import { holdKeys } from './key-gate'
import { searchTerms } from './match'
import { navigate } from './nav'
import { recordRecent } from './recent'
import { hasMenu, menuList } from './session'

export { matchCommands } from './match'

const registry = new Map<string, Command>()
/** Hotkey → scope → command id. A row command's scope is its list (only that list's rows can run it); others are global. */
const hotkeyOwner = new Map<string, Map<string, string>>()
const GLOBAL = '*'
const scopeOf = (cmd: Command) => (cmd.on === 'rows' && cmd.list ? cmd.list : GLOBAL)

/**
 * Registers commands at module load; a duplicate id or hotkey throws (the console must not start). A hotkey may serve
 * row commands of different lists (`a` approves a withdrawal on one list and something else on another), never a
 * global command and a row command, nor two commands of one list.
 */
export function defineCommands(cmds: Command[]): Command[] {
  for (const cmd of cmds) {
    if (!/^[a-z]+\.[A-Za-z0-9]+$/.test(cmd.id)) throw new Error(`command id "${cmd.id}" is not area.verbNoun`)
    if (registry.has(cmd.id)) throw new Error(`duplicate command id "${cmd.id}"`)
    const keys = cmd.hotkey ? normalizeHotkey(cmd.hotkey) : []
    const scope = scopeOf(cmd)
    for (const k of keys) {
      if (RESERVED_HOTKEYS.includes(k)) throw new Error(`hotkey "${k}" of ${cmd.id} is reserved by the shell or the table kit`)
      const owners = hotkeyOwner.get(k)
      const clash = owners && (scope === GLOBAL ? [...owners.values()][0] : owners.get(scope) ?? owners.get(GLOBAL))
      if (clash) throw new Error(`duplicate hotkey "${k}": ${clash} and ${cmd.id}`)
    }
    if (cmd.rowKey) {
      if (cmd.on !== 'rows' || !cmd.list) throw new Error(`rowKey of ${cmd.id} needs on: 'rows' and a list`)
      const same = [...registry.values()].find((c) => c.rowKey === cmd.rowKey && c.list === cmd.list)
      if (same) throw new Error(`duplicate rowKey "${cmd.rowKey}" on ${cmd.list}: ${same.id} and ${cmd.id}`)
    }
    registry.set(cmd.id, cmd)
    for (const k of keys) hotkeyOwner.set(k, (hotkeyOwner.get(k) ?? new Map()).set(scope, cmd.id))
    searchTerms(cmd)
  }
  return cmds
}

/** Test helper: forgets commands (all when no ids given). */
export function unregisterCommands(ids?: string[]): void {
  for (const id of ids ?? [...registry.keys()]) {
    const cmd = registry.get(id)
    if (!cmd) continue
    registry.delete(id)
    for (const k of cmd.hotkey ? normalizeHotkey(cmd.hotkey) : []) {
      const owners = hotkeyOwner.get(k)
      if (owners?.get(scopeOf(cmd)) === id) owners.delete(scopeOf(cmd))
      if (owners && !owners.size) hotkeyOwner.delete(k)
    }
  }
}

export function getCommand(id: string): Command | undefined {
  return registry.get(id)
}

export function allCommands(): Command[] {
  return [...registry.values()]
}

/** The screen registered for a route path (exact path, no query). */
export function screenForPath(pathname: string): Command | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/'
  for (const cmd of registry.values()) if (cmd.path === clean && cmd.view) return cmd
  return undefined
}

/** The permission precondition: the command's menu and, for a screen, its route are in menu_list. */
export function isPermitted(cmd: Command, list: readonly string[]): boolean {
  if (cmd.menu && !OPEN_ROUTES.includes(cmd.menu) && !list.includes(cmd.menu)) return false
  return !cmd.path || hasMenu(cmd.path, list)
}

/** The context precondition: row commands need rows of their list; `when` must hold. */
export function isApplicable(cmd: Command, ctx: CommandContext): boolean {
  if (cmd.on === 'rows' && (ctx.rows.length === 0 || (cmd.list !== undefined && cmd.list !== ctx.list))) return false
  if (!cmd.when) return true
  try {
    return cmd.when(ctx)
  } catch (e) {
    console.error(`[commands] when() of ${cmd.id} threw`, e)
    return false
  }
}

/** The command the focused list declares for a generic row key (`rowKey`), when permitted and applicable now. */
export function rowKeyCommand(kind: RowKey, ctx: CommandContext): Command | undefined {
  if (!ctx.list) return undefined
  for (const cmd of registry.values()) {
    if (cmd.rowKey === kind && cmd.list === ctx.list) return isPermitted(cmd, menuList()) && isApplicable(cmd, ctx) ? cmd : undefined
  }
  return undefined
}

export function visibleCommands(list: readonly string[], ctx: CommandContext): Command[] {
  return allCommands().filter((c) => isPermitted(c, list) && isApplicable(c, ctx))
}

/** What a command's `when`, `confirm` and `run` see now; `args.rows` (an array) stands in for the table's rows. */
export function commandContext(args: Record<string, unknown> = {}, cmd?: Command): CommandContext {
  const given = Array.isArray(args.rows) ? (args.rows as Row[]) : null
  return {
    product: consoleState.product,
    list: given && cmd?.list ? cmd.list : consoleState.list,
    rows: given ?? currentRows(),
    args,
    navigate: (path) => navigate(path),
  }
}

/** Visible commands for the current session and context. */
export function currentCommands(): Command[] {
  return visibleCommands(menuList(), commandContext())
}

function withQuery(path: string, args: Record<string, unknown>): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(args)) if (k !== 'rows' && v !== undefined && v !== null && v !== '') q.set(k, String(v))
  const s = q.toString()
  return s ? `${path}?${s}` : path
}

/**
 * Runs a command by id: a screen navigates (args become its query); an operation checks its arguments,
 * shows its confirm preview and runs. Resolves undefined when the operator cancels the confirm step.
 */
export async function runCommand(id: string, args: Record<string, unknown> = {}): Promise<unknown> {
  return (await execute(id, args)).result
}

/** runCommand, telling also whether the operation ran (false when the confirm step was cancelled). */
export async function execute(id: string, args: Record<string, unknown> = {}): Promise<{ ran: boolean; result: unknown }> {
  // Synchronously, before any await: what the operator types next waits for the surface this opens (if any).
  const hold = holdKeys()
  try {
    return await perform(id, args)
  } finally {
    hold.release()
  }
}

async function perform(id: string, args: Record<string, unknown>): Promise<{ ran: boolean; result: unknown }> {
  const cmd = registry.get(id)
  if (!cmd) throw new Error(`未知命令：${id}`)
  if (!isPermitted(cmd, menuList())) throw new Error(`您没有权限操作：${cmd.title}`)
  const ctx = commandContext(args, cmd)
  if (cmd.path) {
    recordRecent(id)
    navigate(withQuery(cmd.path, args))
    return { ran: true, result: cmd.path }
  }
  if (!isApplicable(cmd, ctx)) throw new Error(cmd.on === 'rows' && !ctx.rows.length ? `${cmd.title}：请先选择记录` : `${cmd.title}：当前不可用`)
  for (const a of cmd.args ?? []) {
    const v = args[a.name]
    if (v === undefined || v === null || v === '') {
      if (a.optional) continue
      throw new Error(`${cmd.title}：缺少参数 ${a.title}`)
    }
    const problem = a.validate?.(String(v), ctx)
    if (problem) throw new Error(problem)
  }
  const preview = await cmd.confirm?.(ctx)
  if (preview && !(await confirm(preview))) return { ran: false, result: undefined }
  recordRecent(id)
  return { ran: true, result: await cmd.run?.(ctx) }
}
