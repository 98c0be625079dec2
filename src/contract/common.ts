// Shapes every call shares: the envelope, paged lists, the session and the product context.
import type { ActionKey } from './enums'

export interface Envelope<T = unknown> { code: number; msg: string; data: T }

export interface Paged<T> {
  items: T[]
  total: number
  per_page: number
  current_page: number
  /** false when total is an estimate (the console shows 约 N). */
  total_exact?: boolean
}

export interface PageQuery { page?: number; per_page?: number }

/** Default page sizes; every other list uses DEFAULT_PER_PAGE. */
export const PAGE_SIZES = { member: 10, whitelist: 12, proadmin: 12, agent: 13, bills: 13 } as const
export const DEFAULT_PER_PAGE = 15
export const MAX_PER_PAGE = 1000
/** Lists that page by cursor reach a page by OFFSET only this many rows deep; further pages go next/previous. */
export const MAX_OFFSET = 10_000

/** Keyset cursors of a list that pages by id: `after` = cursor_next for the next page, `before` = cursor_prev for the previous. */
export interface Cursors { cursor_next: number | null; cursor_prev: number | null }

export interface SiteConfig {
  site_name: string
  /** PEM of the RSA public key used to encrypt passwords (PKCS#1 v1.5). */
  public_key: string
  /** Whether login may ask for a Google authenticator code. */
  google_auth: boolean
}

export interface MenuNode {
  id: number
  parent_id: number | null
  label: string
  web_uri: string | null
  path: string | null
  hidden: boolean
  sort: number
  children: MenuNode[]
}

export interface UserInfo {
  id: number
  username: string
  nickname: string
  /** Current product code. */
  product: string
  /** Product the admin is pinned to (product admins), null for platform admins. */
  pinned_product: string | null
  roles: { id: number; name: string }[]
  menu_list: string[]
  menus: MenuNode[]
  /** Held actions as `<menu path>:<C|R|U|D>`; super admins hold `*`. */
  permissions: string[]
  google_auth: boolean
}

export interface LoginAnswer { token: string; userinfo: UserInfo }

export interface ProductInfo { _current_pro: string; products: Record<string, string> }

export type { ActionKey }
