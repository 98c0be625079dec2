// The logged-in frame: sidebar, top bar and content; refreshes user info and products once per session, hosts the
// palette, the shortcut sheet and the export panel, keeps the session's live events stream (with its alerts) open and
// loads the admin's saved views and export jobs.
import { useEffect, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { loadSessionOnce } from '../../core/auth'
import { startLiveEvents } from '../../core/events'
import { startAlerts } from '../../core/alerts'
import { sessionState } from '../../core/session'
import { Sidebar } from './sidebar'
import { Topbar } from './topbar'
import { Palette, prefetchPalette } from './palette'
import { Shortcuts } from './shortcuts'
import { ExportJobs } from './export-jobs'
import { clearViews, loadViews } from '../../core/views'
import { clearExports, loadExports } from '../../core/exports'

export function Layout({ children }: { children: ReactNode }) {
  useEffect(() => {
    loadSessionOnce()
    prefetchPalette()
  }, [])
  const { token } = useSnapshot(sessionState)
  useEffect(() => {
    if (!token) return
    const stopAlerts = startAlerts()
    const stopEvents = startLiveEvents()
    // The admin's saved views become palette commands (视图：name); exports still running are followed.
    loadViews().catch(() => undefined)
    loadExports().catch(() => undefined)
    return () => { stopEvents(); stopAlerts(); clearViews(); clearExports() }
  }, [token])
  return (
    <div className="layout">
      <a className="skip-link" href="#content">跳到主要内容</a>
      <Sidebar />
      <div className="main">
        <Topbar />
        <main className="content" id="content" tabIndex={-1}>{children}</main>
      </div>
      <Palette />
      <Shortcuts />
      <ExportJobs />
    </div>
  )
}
