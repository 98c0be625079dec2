// The logged-in frame: sidebar, top bar and content; refreshes user info and products once per session, hosts the palette and the shortcut sheet.
import { useEffect, type ReactNode } from 'react'
import { loadSessionOnce } from '../../core/auth'
import { Sidebar } from './sidebar'
import { Topbar } from './topbar'
import { Palette, prefetchPalette } from './palette'
import { Shortcuts } from './shortcuts'

export function Layout({ children }: { children: ReactNode }) {
  useEffect(() => {
    loadSessionOnce()
    prefetchPalette()
  }, [])
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
    </div>
  )
}
