// The operating context commands see: current product, the list with focused/selected rows, open dialogs, IME state.
import { proxy } from 'valtio/vanilla'
import type { Row } from './command'

export interface ConsoleState {
  /** Current product code. */
  product: string
  /** Product code → name, from the product list (API.product.index). */
  products: Record<string, string>
  /** The list (route path) whose rows are focused or selected, or null. */
  list: string | null
  focused: Row | null
  selected: Row[]
  /** How many modal surfaces (palette, confirm, form dialogs) are open; hotkeys are off while > 0. */
  dialogs: number
  /** An IME composition is in progress in the palette. */
  composing: boolean
  /** Per-list refresh counters; a table re-fetches when its counter changes. */
  refresh: Record<string, number>
}

export const consoleState: ConsoleState = proxy<ConsoleState>({
  product: '',
  products: {},
  list: null,
  focused: null,
  selected: [],
  dialogs: 0,
  composing: false,
  refresh: {},
})

/** Published by a table: which list has the keyboard, its focused row and its selection. */
export function setRows(list: string | null, focused: Row | null, selected: Row[]): void {
  consoleState.list = list
  consoleState.focused = focused
  consoleState.selected = selected
}

/** No list has the keyboard (a screen closed, the product or the session changed). */
export const clearRows = () => setRows(null, null, [])

/** The rows an `on: 'rows'` command acts on: the selection, else the focused row. */
export function currentRows(): Row[] {
  if (consoleState.selected.length) return [...consoleState.selected]
  return consoleState.focused ? [consoleState.focused] : []
}

/** Asks the table showing `list` to fetch again. */
export function refreshList(list: string): void {
  consoleState.refresh[list] = (consoleState.refresh[list] ?? 0) + 1
}

/** Every known list fetches again (after a product switch). */
export function refreshAll(): void {
  for (const key of Object.keys(consoleState.refresh)) refreshList(key)
  if (consoleState.list && !(consoleState.list in consoleState.refresh)) refreshList(consoleState.list)
}

export function openDialog(): void {
  consoleState.dialogs += 1
}

export function closeDialog(): void {
  consoleState.dialogs = Math.max(0, consoleState.dialogs - 1)
}
