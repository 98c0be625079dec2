// The export panel: the jobs started or followed in this page, each with its progress while the server writes it and
// a 下载 button when done (also the palette's 下载导出文件); × or Esc inside it closes it.
import { useSnapshot } from 'valtio'
import { downloadExport, exportsState, hideExports } from '../../core/exports'
import { toast } from '../../core/toast'
import { EXPORT_STATUS } from '../../contract/view'

export function ExportJobs() {
  const { jobs, shown } = useSnapshot(exportsState)
  const list = shown.map((id) => jobs.find((j) => j.id === id)).filter((j) => j !== undefined).slice(0, 4)
  if (!list.length) return null
  return (
    <section className="export-jobs" aria-label="导出任务" onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); hideExports() } }}>
      <header>
        <b>导出任务</b>
        <button type="button" className="kit-btn" aria-label="关闭导出任务" onClick={hideExports}>×</button>
      </header>
      {list.map((j) => (
        <div key={j.id} className="export-job" data-export={j.id} data-status={j.status}>
          <div className="export-job-title">{j.title} · {j.format.toUpperCase()} · <span data-testid="export-status">{EXPORT_STATUS[j.status]}</span></div>
          {j.status === 'running' && (
            <progress max={1} value={j.progress} aria-label={`${j.title}导出进度`}>{Math.round(j.progress * 100)}%</progress>
          )}
          <div className="kit-muted" data-testid="export-rows">
            {j.status === 'failed' ? j.error : `${j.rows.toLocaleString()}${j.total !== null && j.status === 'running' ? ` / ${j.total.toLocaleString()}` : ''} 条`}
          </div>
          {j.status === 'done' && (
            <button type="button" className="kit-btn kit-btn-primary"
              onClick={() => downloadExport(j.id).catch((e: unknown) => toast.error(e instanceof Error ? e.message : String(e)))}>下载</button>
          )}
        </div>
      ))}
    </section>
  )
}
