// The route guard: token first, then the path's menu key (create/edit drop their last segment) in menu_list.
import { describe, expect, it } from 'vitest'
import { guard, safeRedirect } from '../../src/core/guard'

const admins = { token: 't', menu_list: ['/layout/admin/admins', '/layout/admin/log'] }

describe('guard', () => {
  it('sends a visitor without a token to login with the path as redirect', () => {
    expect(guard('/layout/admin/admins?page=2', { token: null, menu_list: [] }))
      .toEqual({ redirect: '/login?redirect=%2Flayout%2Fadmin%2Fadmins%3Fpage%3D2' })
    expect(guard('/layout/home', { token: null, menu_list: [] })).toEqual({ redirect: '/login?redirect=%2Flayout%2Fhome' })
  })

  it('sends a path outside menu_list to /403', () => {
    expect(guard('/layout/finance/withdraw', admins)).toEqual({ redirect: '/403' })
    expect(guard('/layout/admin/log', admins)).toBe('ok')
  })

  it('checks create and edit pages against their parent menu', () => {
    expect(guard('/layout/admin/admins/edit?id=3', admins)).toBe('ok')
    expect(guard('/layout/admin/admins/create', admins)).toBe('ok')
    expect(guard('/layout/admin/admins/edit', { token: 't', menu_list: ['/layout/admin/log'] })).toEqual({ redirect: '/403' })
  })

  it('lets any logged-in admin open home', () => {
    expect(guard('/layout/home', { token: 't', menu_list: [] })).toBe('ok')
  })

  it('leaves routes outside the layout alone', () => {
    expect(guard('/login', { token: null, menu_list: [] })).toBe('ok')
    expect(guard('/403', { token: null, menu_list: [] })).toBe('ok')
  })
})

describe('safeRedirect', () => {
  it('accepts in-app paths only', () => {
    expect(safeRedirect('/layout/admin/log?page=2')).toBe('/layout/admin/log?page=2')
    expect(safeRedirect('//evil.example')).toBe('/layout/home')
    expect(safeRedirect('https://evil.example')).toBe('/layout/home')
    expect(safeRedirect(null)).toBe('/layout/home')
    expect(safeRedirect('/login?redirect=x')).toBe('/layout/home')
  })
})
