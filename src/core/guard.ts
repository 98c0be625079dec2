// The route guard as a pure function: token first, then the path's menu key in menu_list.
import { CONSOLE_ROOT, MENU, menuKeyFor, OPEN_ROUTES } from '../contract/menus'

export interface GuardSession { token: string | null; menu_list: readonly string[] }
export type GuardResult = 'ok' | { redirect: string }

export function loginRedirect(pathWithSearch: string): string {
  return `/login?redirect=${encodeURIComponent(pathWithSearch)}`
}

/** Decides whether `path` (pathname, optionally with ?search) may open now. */
export function guard(path: string, session: GuardSession): GuardResult {
  const pathname = path.split('?')[0]
  if (pathname !== CONSOLE_ROOT && !pathname.startsWith(`${CONSOLE_ROOT}/`)) return 'ok'
  if (!session.token) return { redirect: loginRedirect(path) }
  const key = menuKeyFor(pathname)
  if (key === CONSOLE_ROOT || OPEN_ROUTES.includes(key) || session.menu_list.includes(key)) return 'ok'
  return { redirect: '/403' }
}

/** A safe in-app target for the login page's `redirect` parameter. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return MENU.home
  return target
}
