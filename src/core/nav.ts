// Navigation from outside React (http 401, commands): the same history wouter listens to.
import { navigate as browserNavigate } from 'wouter/use-browser-location'

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  if (typeof history === 'undefined') return
  browserNavigate(to, { replace: opts.replace ?? false })
}

/** Current path with its search, e.g. the admin list with `?page=2`. */
export function currentPath(): string {
  return typeof location === 'undefined' ? '/' : location.pathname + location.search
}
