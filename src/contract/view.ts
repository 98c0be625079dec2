// Saved views, column settings and export jobs as the console and the server share them.
export interface ViewState {
  filters: Record<string, string>
  sort: string | null
  /** The keys of the visible columns, in order. */
  columns: string[]
  per_page: number
}
export interface SavedView { id: number; list: string; name: string; state: ViewState; updated_at: string }
export interface ColumnSetting { key: string; width: number | null; hidden: boolean }
export type ExportStatus = 'running' | 'done' | 'failed'
export interface ExportJob {
  id: number; list: string; title: string; format: 'csv' | 'xlsx'; status: ExportStatus
  rows: number; total: number | null; progress: number; error: string; bytes: number
  created_at: string; finished_at: string | null; expires_at: string
}
export const EXPORT_FORMAT = { csv: 'CSV', xlsx: 'Excel (xlsx)' } as const
export const EXPORT_STATUS = { running: '导出中', done: '已完成', failed: '失败' } as const
