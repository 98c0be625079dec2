// The router: login, 403, 404 and every registered screen under the guarded layout; the document title follows the route.
import { useEffect } from 'react'
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter'
import { useSnapshot } from 'valtio'
import { MENU, ROUTE_TITLES } from '../../contract/menus'
import { guard } from '../../core/guard'
import { screenForPath } from '../../core/registry'
import { sessionState } from '../../core/session'
import { ConfirmHost } from '../kit/confirm-dialog'
import { BulkResultHost } from '../kit/run-rows'
import { Forbidden } from './forbidden'
import { Layout } from './layout'
import { NotFound } from './not-found'
import { LazyPage, ScreenView } from './screen-view'
import { ProgressBar, Toaster } from './toaster'

const SITE = '后台管理系统'
/** The folder every page lives in (the guarded layout's root). */
const ROOT = MENU.home.slice(0, MENU.home.lastIndexOf('/'))
const loadLogin = () => import('./login')

function titleFor(path: string): string {
  if (path === '/login') return `登录 - ${SITE}`
  if (path === '/403') return `无权限 - ${SITE}`
  const screen = screenForPath(path)
  if (screen) return `${ROUTE_TITLES[screen.path!] ?? screen.title} - ${SITE}`
  return path.startsWith(ROOT) || path === '/' ? SITE : `页面不存在 - ${SITE}`
}

function GuardedScreen({ path }: { path: string }) {
  const search = useSearch()
  const session = useSnapshot(sessionState)
  const screen = screenForPath(path)
  const verdict = guard(path + (search ? `?${search}` : ''), { token: session.token, menu_list: session.user?.menu_list ?? [] })
  // Without a token every page path goes to login; an unknown path is a 404 before the menu check.
  if (verdict !== 'ok' && (!session.token || screen)) return <Redirect to={verdict.redirect} replace />
  if (!screen) return <Layout><NotFound /></Layout>
  return (
    <Layout>
      <ScreenView key={screen.id} cmd={screen} />
    </Layout>
  )
}

function Routes() {
  const [path] = useLocation()
  useEffect(() => { document.title = titleFor(path) }, [path])
  return (
    <Switch>
      <Route path="/"><Redirect to="/login" replace /></Route>
      <Route path="/login"><LazyPage id="shell.login" load={loadLogin} /></Route>
      <Route path="/403"><Forbidden /></Route>
      <Route path={ROOT}><Redirect to={MENU.home} replace /></Route>
      <Route path={`${ROOT}/*`}><GuardedScreen path={path} /></Route>
      <Route><NotFound /></Route>
    </Switch>
  )
}

export function App() {
  return (
    <Router>
      <ProgressBar />
      <Routes />
      <ConfirmHost />
      <BulkResultHost />
      <Toaster />
    </Router>
  )
}
