// The logged-in session: token, login info and user info in sessionStorage (obfuscated outside development), mirrored in valtio.
import { proxy } from 'valtio/vanilla'
import type { UserInfo } from '../contract/common'
import { menuKeyFor, OPEN_ROUTES } from '../contract/menus'
import { decode, encode } from './obfuscate'
import { isDev } from './env'

export interface LoginInfo { username: string; login_at: string }

export interface SessionState {
  token: string | null
  login: LoginInfo | null
  user: UserInfo | null
}

const KEYS = { token: 'token', login: 'login_info', user: 'userinfo' } as const

function store(): Storage | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage
}

/** Serialises a session value the way it is kept in storage. */
export function pack(value: unknown, dev = isDev): string {
  const json = JSON.stringify(value)
  return dev ? json : encode(json)
}

/** Reads a stored value back; null when absent or unreadable. */
export function unpack<T>(stored: string | null, dev = isDev): T | null {
  if (stored === null) return null
  const json = dev ? stored : decode(stored)
  if (json === null) return null
  try {
    return JSON.parse(json) as T
  } catch {
    return null
  }
}

function read<T>(key: string): T | null {
  return unpack<T>(store()?.getItem(key) ?? null)
}

function write(key: string, value: unknown): void {
  const s = store()
  if (!s) return
  if (value === null || value === undefined) s.removeItem(key)
  else s.setItem(key, pack(value))
}

export const sessionState: SessionState = proxy<SessionState>({
  token: read<string>(KEYS.token),
  login: read<LoginInfo>(KEYS.login),
  user: read<UserInfo>(KEYS.user),
})

/** Stores what login answered (or part of it: pass only `user` to refresh the user info). */
export function setSession(next: { token?: string; login?: LoginInfo; user?: UserInfo }): void {
  if (next.token !== undefined) { sessionState.token = next.token; write(KEYS.token, next.token) }
  if (next.login !== undefined) { sessionState.login = next.login; write(KEYS.login, next.login) }
  if (next.user !== undefined) { sessionState.user = next.user; write(KEYS.user, next.user) }
}

export function clearSession(): void {
  sessionState.token = null
  sessionState.login = null
  sessionState.user = null
  for (const k of Object.values(KEYS)) store()?.removeItem(k)
}

export function menuList(): string[] {
  return sessionState.user?.menu_list ?? []
}

/** Whether the user may open a route path (open routes, or its menu key in menu_list). */
export function hasMenu(path: string, list: readonly string[] = menuList()): boolean {
  const key = menuKeyFor(path)
  return OPEN_ROUTES.includes(key) || list.includes(key)
}
