// Exports as background jobs: a job row (status, rows, total) the console polls, the file written from the list's keyset
// walk under DATA_DIR/exports, kept 24 hours for the admin who made it (another admin: 404). Creation and each download
// are logged. A job beats while it runs; one whose beat stopped (its server restarted) reads as failed.
import { createReadStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { basename, join } from 'node:path'
import type { Db } from '../db/db'
import { many, one } from '../db/db'
import { route, type Ctx } from '../http/route'
import { TIME } from '../http/format'
import { checkQuery } from '../http/validator'
import { attachment, FileAnswer } from '../http/file-answer'
import { writeOperation } from '../oplog/oplog'
import { badRequest, conflict, notFound } from '../errors'
import { exportJob } from '../../contract/api/view'
import { ROUTE_TITLES } from '../../contract/menus'
import type { ListColumn } from '../../contract/list'
import type { ExportJob } from '../../contract/view'
import { exportable, menuOf, mustHold } from './lists'
import type { Walkable } from '../db/list'
import { writeExport } from './export-file'

const BEAT_MS = 5_000
/** A running job not heard from for this long has lost its server. */
const STALE = `interval '30 seconds'`
const MAX_RUNNING = 3
const PAGING = ['page', 'per_page', 'after', 'before']

const COLS = `j.id, j.list, j.title, j.format, j.status, j.rows::int as rows, j.total::int as total, j.error, j.bytes::int as bytes,
  case when j.status = 'done' then 1 when coalesce(j.total, 0) = 0 then 0 else least(1, round(j.rows::numeric / j.total, 4)) end::float8 as progress,
  ${TIME('j.created_at')} as created_at, ${TIME('j.finished_at')} as finished_at, ${TIME('j.expires_at')} as expires_at`

export const exportDir = (ctx: { config: { dataDir: string } }) => join(ctx.config.dataDir, 'exports')

/** Marks failed the running jobs whose server stopped beating (a restart); called at start and before each read. */
export async function failStale(db: Db): Promise<void> {
  await db.query(`update export_jobs set status = 'failed', error = '导出中断：服务已重启，请重新导出', finished_at = now()
    where status = 'running' and beat_at < now() - ${STALE}`)
}

/** Deletes the files of jobs past their 24 hours. */
export async function sweep(db: Db, dir: string): Promise<void> {
  const gone = await many<{ id: number; file: string }>(db,
    `with old as (select id, file from export_jobs where expires_at < now() and file <> '' for update)
     update export_jobs e set file = '' from old where e.id = old.id returning old.id, old.file`)
  await Promise.all(gone.map((g) => rm(join(dir, basename(g.file)), { force: true })))
}

/** At start and every hour: running jobs of a stopped server failed, expired files deleted. Answers stop(). */
export function startExportUpkeep(db: Db, config: { dataDir: string }, log: { warn: (o: object, msg: string) => void }): () => void {
  const dir = exportDir({ config })
  const tick = () => failStale(db).then(() => sweep(db, dir)).catch((err: unknown) => log.warn({ err }, 'export upkeep failed'))
  void tick()
  const timer = setInterval(tick, 3_600_000)
  timer.unref()
  return () => clearInterval(timer)
}

async function run(ctx: Ctx, id: number, o: { format: 'csv' | 'xlsx'; title: string; columns: ListColumn[]; query: object; list: Walkable }) {
  const db = ctx.root
  const dir = exportDir(ctx)
  const file = `${id}-${randomBytes(8).toString('hex')}.${o.format}`
  const beat = setInterval(() => { db.query(`update export_jobs set beat_at = now() where id = $1 and status = 'running'`, [id]).catch(() => undefined) }, BEAT_MS)
  try {
    await mkdir(dir, { recursive: true })
    const first = await o.list.handler(ctx, { ...o.query, per_page: 1 }) as { total?: number }
    await db.query('update export_jobs set total = $2, file = $3, beat_at = now() where id = $1', [id, first.total ?? null, file])
    let told = 0
    const done = await writeExport({
      format: o.format, path: join(dir, file), title: o.title, columns: o.columns, batches: o.list.rows(ctx, o.query, 1000),
      onRows: async (n) => {
        if (Date.now() - told < 250) return
        told = Date.now()
        await db.query('update export_jobs set rows = $2, beat_at = now() where id = $1', [id, n])
      },
    })
    await db.query(`update export_jobs set status = 'done', rows = $2, total = $2, bytes = $3, finished_at = now(), beat_at = now() where id = $1`,
      [id, done.rows, done.bytes])
  } catch (e) {
    ctx.req.log.error({ err: e, exportId: id }, 'export failed')
    await rm(join(dir, file), { force: true })
    await db.query(`update export_jobs set status = 'failed', error = $2, file = '', finished_at = now() where id = $1`,
      [id, e instanceof Error && 'code' in e && typeof e.code === 'number' && e.code < 500 ? e.message : '导出失败，请重试']).catch(() => undefined)
  } finally {
    clearInterval(beat)
  }
}

async function ownJob(ctx: Ctx, id: number): Promise<ExportJob & { file: string; live: boolean }> {
  await failStale(ctx.root)
  const j = await one<ExportJob & { file: string; live: boolean }>(ctx.root,
    `select ${COLS}, j.file, j.expires_at > now() as live from export_jobs j where j.id = $1 and j.admin_id = $2`, [id, ctx.caller.adminId])
  if (!j || !j.live) throw notFound('导出任务不存在或已过期')
  return j
}

const shown = ({ file: _f, live: _l, ...j }: ExportJob & { file: string; live: boolean }): ExportJob => j

export default [
  route(exportJob.create, async (ctx, b) => {
    const list = exportable(b.list)
    const { ep } = list
    await mustHold(ctx.root, ctx.caller, [menuOf(b.list)])
    const given = Object.fromEntries(Object.entries(b.filters).filter(([k, v]) => !PAGING.includes(k) && v !== ''))
    const query = ep.input ? checkQuery<object>(ep.input, given) : {}
    const columns = (b.columns ?? ep.columns?.filter((c) => !c.hidden) ?? []) as ListColumn[]
    if (!columns.length) throw badRequest('请选择要导出的列', 'columns')
    const title = ROUTE_TITLES[menuOf(b.list)] ?? '导出'
    await failStale(ctx.root)
    await sweep(ctx.root, exportDir(ctx))
    const id = await ctx.root.tx(async (tx) => {
      // The admin's row locked first: two requests at once count one after the other, so the limit holds.
      await tx.query('select 1 from admins where id = $1 for update', [ctx.caller.adminId])
      const busy = await one<{ n: number }>(tx, `select count(*)::int as n from export_jobs where admin_id = $1 and status = 'running'`, [ctx.caller.adminId])
      if (busy!.n >= MAX_RUNNING) throw conflict(`已有 ${busy!.n} 个导出正在进行，请等其完成后再导出`)
      const row = (await one<{ id: number }>(tx,
        `insert into export_jobs (admin_id, product, list, title, format, query, columns) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [ctx.caller.adminId, ctx.caller.product, b.list, title, b.format, JSON.stringify(query), JSON.stringify(columns)]))!
      await writeOperation(tx, ctx, { action: 'C', path: exportJob.create.url, target_ids: [String(row.id)],
        after: { list: b.list, format: b.format, filters: query, columns: columns.map((c) => c.key) } })
      return row.id
    })
    void run(ctx, id, { format: b.format, title, columns, query, list })
    return { id }
  }),
  route(exportJob.index, async (ctx) => {
    await failStale(ctx.root)
    const items = await many<ExportJob>(ctx.root,
      `select ${COLS} from export_jobs j where j.admin_id = $1 and j.expires_at > now() order by j.id desc limit 50`, [ctx.caller.adminId])
    return { items }
  }),
  route(exportJob.show, async (ctx, q) => shown(await ownJob(ctx, q.id))),
  route(exportJob.download, async (ctx, q) => {
    const j = await ownJob(ctx, q.id)
    if (j.status === 'running') throw conflict('导出尚未完成')
    if (j.status === 'failed' || !j.file) throw notFound(j.error || '导出文件不存在')
    const stream = createReadStream(join(exportDir(ctx), basename(j.file)))
    await new Promise<void>((ok, fail) => { stream.once('open', () => ok()); stream.once('error', () => fail(notFound('导出文件不存在'))) })
    ctx.audit.after = { list: j.list, format: j.format, rows: j.rows }
    const stamp = j.created_at.replace(/[-:]/g, '').replace(' ', '-').slice(0, 13)
    return new FileAnswer(stream, {
      'content-type': j.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': attachment(`${j.title}-${stamp}.${j.format}`, `export-${j.id}.${j.format}`),
    }) as never
  }),
]
