// CSV export of a list's whole filtered set: pages through the endpoint 1000 rows at a time, labels not ids, UTF-8 BOM.
import { http } from '../../core/http'
import { MAX_PER_PAGE } from '../../contract/common'
import { csvCell, field, formatValue } from '../../contract/format'
import { readAnswer } from './use-list-data'
import type { ColumnSpec, Row } from './types'

export function toCsv(columns: ColumnSpec[], rows: Row[]): string {
  const lines = [columns.map((c) => csvCell(c.title)).join(',')]
  for (const r of rows) {
    lines.push(columns.map((c) => csvCell(c.text ? c.text(r) : formatValue(field(r, c.key), c.format, true))).join(','))
  }
  return '\uFEFF' + lines.join('\r\n') + '\r\n'
}

export async function fetchAll(
  endpoint: string,
  params: Record<string, string | number>,
  itemsKey: string,
  onProgress?: (done: number, total: number) => void,
): Promise<Row[]> {
  const rows: Row[] = []
  for (let page = 1; ; page++) {
    const raw = await http.get<Record<string, unknown>>(endpoint, { ...params, page, per_page: MAX_PER_PAGE })
    const a = readAnswer(raw ?? {}, itemsKey, page, MAX_PER_PAGE)
    rows.push(...a.rows)
    onProgress?.(rows.length, a.total)
    if (a.rows.length < MAX_PER_PAGE || (a.totalExact && rows.length >= a.total)) return rows
  }
}

export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export function csvName(title: string): string {
  const d = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${title}-${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}.csv`
}
