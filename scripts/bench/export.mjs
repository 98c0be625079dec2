// Exports at volume (PostgreSQL): 账变记录 of a product holding BENCH_EXPORT_CHANGES balance changes (default 1,000,000,
// filled once by bench:data in houtai_bench_export_*) exported as CSV and as xlsx through the API, as the console does.
// Reports the time, the file's rows and amount sum against the list's own count and sums (the list's count is an
// estimate past its budget, so its sums are computed here exactly with the list's own SQL), and the server's resident
// memory (VmRSS, sampled every 100 ms) before and during the export.
import { readFileSync, createReadStream, mkdtempSync, rmSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { P, pgDataSet, privateBuild, startServer } from './harness.mjs'

const CHANGES = Number(process.env.BENCH_EXPORT_CHANGES ?? 1_000_000)
const MEMBERS = Number(process.env.BENCH_EXPORT_MEMBERS ?? 20_000)
const COLUMNS = [
  { key: 'id', title: 'ID' }, { key: 'username', title: '会员' }, { key: 'type', title: '类型' },
  { key: 'amount', title: '变动金额', format: 'money' }, { key: 'before', title: '变动前', format: 'money' },
  { key: 'after', title: '变动后', format: 'money' }, { key: 'created_at', title: '时间', format: 'datetime' },
]

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024

/** Rows and the amount column's sum in cents of a CSV export, read line by line from disk. */
async function csvTotals(file) {
  let rows = -1
  let cents = 0n
  for await (const line of createInterface({ input: createReadStream(file, 'utf8') })) {
    if (rows++ < 0 || !line) continue
    const [whole, frac = '00'] = line.split(',')[3].split('.')
    const sign = whole.startsWith('-') ? -1n : 1n
    cents += sign * (BigInt(whole.replace('-', '')) * 100n + BigInt(frac.padEnd(2, '0')))
  }
  return { rows, cents }
}

async function download(srv, id, file) {
  const res = await srv.get('/api/export/download', { id })
  if (!res.ok) throw new Error(`download: ${res.status}`)
  const { writeFile } = await import('node:fs/promises')
  const { Readable } = await import('node:stream')
  await writeFile(file, Readable.fromWeb(res.body))
}

async function exportOnce(srv, format, dir) {
  const before = rssMb(srv.child.pid)
  let peak = before
  // The resident memory as the job passes each quarter of the rows: flat when memory does not grow with the rows.
  const quarters = []
  const t0 = performance.now()
  const made = await (await srv.post('/api/export/create', { list: '/layout/finance/balance', format, filters: {}, columns: COLUMNS })).json()
  if (made.code !== 200) throw new Error(`export: ${made.msg}`)
  let job
  let peakAt = 0
  for (;;) {
    const now = rssMb(srv.child.pid)
    if (now > peak) { peak = now; peakAt = job?.progress ?? 0 }
    job = (await (await srv.get('/api/export/show', { id: made.data.id })).json()).data
    while (job.status === 'running' && quarters.length < 3 && job.progress >= (quarters.length + 1) / 4) quarters.push(rssMb(srv.child.pid).toFixed(0))
    if (job.status !== 'running') break
    await new Promise((r) => setTimeout(r, 100))
  }
  if (job.status !== 'done') throw new Error(`export ${format}: ${job.error}`)
  const ms = performance.now() - t0
  const file = join(dir, `export.${format}`)
  await download(srv, made.data.id, file)
  return { job, ms, before, peak, peakAt, quarters, file }
}

export async function benchExport() {
  const b = privateBuild('export')
  const dir = mkdtempSync(join(tmpdir(), 'houtai-bench-export-'))
  try {
    const url = await pgDataSet(b.dir, `houtai_bench_export_c${CHANGES}`, ['--members', String(MEMBERS), '--changes', String(CHANGES)],
      'select count(*)::int as n from balance_changes', CHANGES)
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    const exact = (await c.query(`select count(*)::bigint as n, coalesce(sum(amount), 0)::bigint as net from balance_changes where product = $1 and money = 0`, [P])).rows[0]
    await c.end()
    const srv = await startServer(b.dir, { DATABASE_URL: url, DATA_DIR: dir }, 19900 + Math.floor(Math.random() * 90))
    try {
      const listed = (await (await srv.get('/api/balance/index', { per_page: 1 })).json()).data
      const rows = []
      for (const format of ['csv', 'xlsx']) {
        const r = await exportOnce(srv, format, dir)
        const row = {
          format, rows: r.job.rows, 'time (s)': (r.ms / 1000).toFixed(1), 'file (MB)': (r.job.bytes / 1048576).toFixed(1),
          'RSS before (MB)': r.before.toFixed(0), 'RSS peak during (MB)': r.peak.toFixed(0), 'RSS growth (MB)': `${(r.peak - r.before).toFixed(0)} (peak at ${Math.round(r.peakAt * 100)}% of the rows)`,
          'RSS at ¼ ½ ¾ of the rows (MB)': r.quarters.join(' / '),
          'list count': `${listed.total}${listed.total_exact ? '' : ' (约)'}; exact ${exact.n}`,
        }
        if (format === 'csv') {
          const t = await csvTotals(r.file)
          row['file rows = list'] = t.rows === Number(exact.n) ? '是' : `否 (${t.rows})`
          row['file sum = list net'] = t.cents === BigInt(exact.net) ? `是 (${exact.net} 分)` : `否 (${t.cents} ≠ ${exact.net})`
        } else {
          row['file rows = list'] = r.job.rows === Number(exact.n) ? '是' : `否 (${r.job.rows})`
        }
        rows.push(row)
      }
      return rows
    } finally {
      await srv.stop()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    b.done()
  }
}
