// Writes a list's rows to a file as they come, batch by batch, waiting whenever the file falls behind: CSV (UTF-8 with
// BOM and CRLF, what Excel opens; csvOf in db/list.ts) or xlsx through exceljs's streaming workbook writer. Memory holds
// one batch whatever the size of the export.
import { createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import { csvOf } from '../db/list'
import { field, formatValue, plainMoney } from '../../contract/format'
import type { ListColumn } from '../../contract/list'

type Rows = AsyncIterable<object[]>

/** Counts the rows passing through and reports them after each batch. */
async function* counted(batches: Rows, onRows: (n: number) => void | Promise<void>): AsyncGenerator<object[]> {
  let n = 0
  for await (const b of batches) {
    n += b.length
    yield b
    await onRows(n)
  }
}

async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain')
}

async function writeCsv(path: string, columns: ListColumn[], batches: Rows): Promise<void> {
  const out = createWriteStream(path)
  try {
    for await (const text of csvOf(columns, batches)) if (!out.write(text)) await once(out, 'drain')
    out.end()
    await once(out, 'finish')
  } finally {
    out.destroy()
  }
}

/** A cell of the sheet: money as a number Excel can sum (exact below 2^53 cents), everything else as the CSV's text. */
function cell(r: object, c: ListColumn): string | number {
  const v = field(r as Record<string, unknown>, c.key)
  if (c.format === 'money' && v !== null && v !== undefined && v !== '') {
    const text = plainMoney(v)
    const n = Number(text)
    return Number.isSafeInteger(Math.round(n * 100)) ? n : text
  }
  return formatValue(v, c.format, true)
}

async function writeXlsx(path: string, title: string, columns: ListColumn[], batches: Rows): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false })
  const sheet = book.addWorksheet(title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '))
  sheet.addRow(columns.map((c) => c.title)).commit()
  const file = (book as unknown as { stream: Writable }).stream
  for await (const rows of batches) {
    for (const r of rows) sheet.addRow(columns.map((c) => cell(r, c))).commit()
    await drained(file)
  }
  sheet.commit()
  await book.commit()
}

/** Writes the export and answers its row count and size in bytes; `onRows` hears the running count after each batch. */
export async function writeExport(o: {
  format: 'csv' | 'xlsx'; path: string; title: string; columns: ListColumn[]; batches: Rows; onRows: (n: number) => void | Promise<void>
}): Promise<{ rows: number; bytes: number }> {
  let rows = 0
  const batches = counted(o.batches, (n) => { rows = n; return o.onRows(n) })
  if (o.format === 'csv') await writeCsv(o.path, o.columns, batches)
  else await writeXlsx(o.path, o.title, o.columns, batches)
  return { rows, bytes: (await stat(o.path)).size }
}
