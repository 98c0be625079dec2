// Session calls of the shell: login, logout, user info refresh, products and product switching.
import type { ProductInfo, UserInfo } from '../contract/common'
import { api, type Input } from './api'
import type { API } from '../contract/api'
import { clearRows, consoleState, refreshAll } from './context'
import { navigate } from './nav'
import { clearSession, sessionState, setSession } from './session'

function adoptUser(user: UserInfo): void {
  setSession({ user })
  consoleState.product = user.product
}

export async function login(req: Input<typeof API.auth.login>): Promise<UserInfo> {
  const answer = await api.auth.login(req, { spinner: true })
  setSession({ token: answer.token, login: { username: req.username, login_at: new Date().toISOString() } })
  adoptUser(answer.userinfo)
  return answer.userinfo
}

let loadedFor: string | null = null

/** The logged-in admin's information again (menus may have changed since the session was stored). */
async function loadUserInfo(): Promise<UserInfo> {
  const user = await api.auth.userinfo()
  adoptUser(user)
  return user
}

/** Refreshes the user info and the product list once per token (after login and after a reload). */
export function loadSessionOnce(): void {
  const token = sessionState.token
  if (!token || loadedFor === token) return
  loadedFor = token
  Promise.all([loadUserInfo(), loadProducts()]).catch(() => { loadedFor = null })
}

export async function loadProducts(): Promise<ProductInfo> {
  const info = await api.product.index()
  consoleState.products = info.products
  consoleState.product = info._current_pro
  return info
}

/** Switches the current product, then reloads the user info and asks every list to fetch again. */
export async function switchProduct(pro: string): Promise<UserInfo> {
  await api.product.switch({ pro })
  consoleState.product = pro
  const user = await loadUserInfo()
  clearRows()
  refreshAll()
  return user
}

/** Ends the session on the server (best effort), clears it here and goes to the login page. */
export async function logout(): Promise<void> {
  try {
    await api.auth.logout(undefined, { silent: true })
  } finally {
    loadedFor = null
    clearSession()
    clearRows()
    navigate('/login', { replace: true })
  }
}
