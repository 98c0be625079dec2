// Export jobs in the console: start one for the list on screen, follow its progress until the server has written the
// file, and download it (fetched with the token header: the token never travels in a URL).
import { proxy } from 'valtio/vanilla'
import { call } from './api'
import { sessionState } from './session'
import { toast } from './toast'
import { API } from '../contract/api'
import type { ExportJob } from '../contract/view'
import type { ActiveList } from './views'

/** The admin's jobs of the last 24 hours, and the ids the export panel shows (started or followed in this page). */
export const exportsState = proxy<{ jobs: ExportJob[]; shown: number[] }>({ jobs: [], shown: [] })

const POLL_MS = 600
const following = new Set<number>()

function keep(job: ExportJob): void {
  const i = exportsState.jobs.findIndex((j) => j.id === job.id)
  if (i >= 0) exportsState.jobs[i] = job
  else exportsState.jobs.unshift(job)
}

/** Asks for the job until it is no longer running, then tells the operator. */
async function follow(id: number): Promise<void> {
  if (following.has(id)) return
  following.add(id)
  if (!exportsState.shown.includes(id)) exportsState.shown.unshift(id)
  try {
    for (;;) {
      const job = await call(API.exportJob.show, { id }, { silent: true, spinner: true })
      keep(job)
      if (job.status === 'done') { toast.success(`导出完成：${job.title} ${job.rows} 条，可在导出任务中下载`); return }
      if (job.status === 'failed') { toast.error(`导出失败：${job.error}`); return }
      await new Promise((r) => setTimeout(r, POLL_MS))
    }
  } catch {
    // The session ended or the job is gone: the panel keeps what it last knew.
  } finally {
    following.delete(id)
  }
}

/** Starts an export of the list on screen (its filters and visible columns) and follows it. */
export async function startExport(active: ActiveList, format: 'csv' | 'xlsx'): Promise<number> {
  const { id } = await call(API.exportJob.create, { list: active.list, format, filters: active.filters(), columns: active.columns() } as never)
  toast.info(`已开始导出：${active.title}`)
  void follow(id)
  return id
}

/** The admin's jobs of the last 24 hours; running ones are followed. */
export async function loadExports(): Promise<void> {
  const { items } = await call(API.exportJob.index, {}, { silent: true })
  exportsState.jobs = items
  for (const j of items) if (j.status === 'running') void follow(j.id)
}

function fileName(disposition: string | null, fallback: string): string {
  const m = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')
  return m ? decodeURIComponent(m[1]) : fallback
}

/** Closes the export panel (the jobs stay in 下载导出文件). */
export function hideExports(): void {
  exportsState.shown = []
}

/** Forgets the jobs of an ended session. */
export function clearExports(): void {
  exportsState.jobs = []
  exportsState.shown = []
}

/** Downloads a finished export's file. */
export async function downloadExport(id: number): Promise<void> {
  const res = await fetch(`${API.exportJob.download.url}?id=${id}`, { headers: { token: sessionState.token ?? '' } })
  if (!res.ok) {
    const body = await res.json().catch(() => null) as { msg?: string } | null
    throw new Error(body?.msg ?? `下载失败（${res.status}）`)
  }
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = fileName(res.headers.get('content-disposition'), `export-${id}`)
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
