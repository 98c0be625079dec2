// What a command is: one plain object carrying its title, permission, hotkey and either a screen or an operation.
import type { ComponentType } from 'react'
import type { ActionKey } from '../contract/enums'

export type Row = Record<string, unknown> & { id: number | string }

/** The context a command's `when`, `confirm` and `run` see. */
export interface CommandContext {
  /** Current product code. */
  product: string
  /** The list whose rows are focused or selected (its route path), or null. */
  list: string | null
  /** The rows an `on: 'rows'` command acts on: the selection, else the focused row. */
  rows: Row[]
  /** Arguments collected by the palette or passed to window.__console.run. */
  args: Record<string, unknown>
  /** Navigate inside the console. */
  navigate: (path: string) => void
}

export interface ArgChoice { value: string; label: string; hint?: string }

/** The generic row keys: one hotkey for every list, acting through the command the focused list declares for it. */
export const ROW_KEYS = {
  edit: { hotkey: 'e', title: '编辑当前行' },
  delete: { hotkey: 'shift+d', title: '删除所选行' },
} as const

export type RowKey = keyof typeof ROW_KEYS

/** An argument the palette asks for before running an operation. */
export interface CommandArg {
  name: string
  title: string
  /** A fixed or loaded list of choices (pick one), or free text when absent. */
  choices?: (ctx: CommandContext) => ArgChoice[] | Promise<ArgChoice[]>
  /**
   * Choices the server finds for what is typed (e.g. a member by username): asked at once for the empty query,
   * then after a short pause in typing, never while an IME composes; only the latest query's answer is shown.
   */
  search?: (query: string, ctx: CommandContext) => Promise<ArgChoice[]>
  placeholder?: string
  optional?: boolean
  /** Returns a Chinese error message, or null when the value is acceptable. */
  validate?: (value: string, ctx: CommandContext) => string | null
}

/** What a confirm step shows before a money-moving or destructive operation runs. */
export interface ConfirmPreview {
  title: string
  /** Lines describing exactly what will happen (e.g. one per affected row). */
  lines: string[]
  danger?: boolean
  okText?: string
}

export interface Command {
  /** Stable id `area.verbNoun`, e.g. `admin.createAdmin`. */
  id: string
  /** Chinese title shown in the palette, the sidebar and the shortcut sheet. */
  title: string
  /** Extra search words; pinyin and initials of the title are added automatically. */
  keywords?: string[]
  /** The menu path this command belongs to (the permission key); absent = any logged-in admin. */
  menu?: string
  /** The action the server will check (C/R/U/D); informational in the browser. */
  action?: ActionKey
  /** Palette group; defaults to the area of the menu. */
  group?: string
  /** hotkeys-js key spec, e.g. 'g a' is not supported, use 'alt+a', 'n', 'shift+d'. */
  hotkey?: string

  /** A screen: the route it opens, and the lazily loaded view that renders it. */
  path?: string
  view?: () => Promise<{ default: ComponentType }>
  /** Shown in the sidebar (screens only; defaults to the menu tree's hidden flag). */
  sidebar?: boolean

  /** Acts on the focused or selected rows of the list at `list`. */
  on?: 'rows'
  /** For `on: 'rows'`: the list (route path) whose rows it acts on. */
  list?: string
  /**
   * For `on: 'rows'` with a `list`: the generic row key this command answers on that list (`e` edits,
   * Shift+D deletes; see ROW_KEYS). At most one command per list and kind.
   */
  rowKey?: RowKey
  /** Whether the command applies now (selection state, product, ...). */
  when?: (ctx: CommandContext) => boolean
  args?: CommandArg[]
  /** The preview before it runs (none: it runs at once); it may first load what it shows (the amount a waiver clears, say). */
  confirm?: (ctx: CommandContext) => ConfirmPreview | null | Promise<ConfirmPreview | null>
  run?: (ctx: CommandContext) => unknown | Promise<unknown>
}
