// The error → message mapping of the http client: server msg first, then the catalogue by code or status.
import { describe, expect, it } from 'vitest'
import { ApiError, describeFailure, isCancelled, isSuccess } from '../../src/core/http-errors'

describe('describeFailure', () => {
  it('prefers the server msg of an envelope', () => {
    expect(describeFailure({ kind: 'answer', status: 400, body: { code: 400, msg: '用户名或密码错误', data: null } }))
      .toEqual({ code: 400, msg: '用户名或密码错误' })
    expect(describeFailure({ kind: 'answer', status: 200, body: { code: 409, msg: '状态已变更', data: null } }))
      .toEqual({ code: 409, msg: '状态已变更' })
  })

  it('falls back to the catalogue for the code or the HTTP status', () => {
    expect(describeFailure({ kind: 'answer', status: 403, body: { code: 403, msg: '', data: null } }).msg).toBe('您没有权限操作')
    expect(describeFailure({ kind: 'answer', status: 502, body: '<html>Bad Gateway</html>' })).toEqual({ code: 502, msg: '网关错误' })
    expect(describeFailure({ kind: 'answer', status: 504, body: null }).msg).toBe('服务暂时无法访问，请稍后再试')
    expect(describeFailure({ kind: 'answer', status: 401, body: { code: 401, data: null } }).msg).toBe('未授权，请重新登录')
    expect(describeFailure({ kind: 'answer', status: 500, body: '' }).msg).toBe('服务器内部错误')
  })

  it('names the field when the server gave one', () => {
    expect(describeFailure({ kind: 'answer', status: 400, body: { code: 400, msg: '用户名不能为空', field: 'username' } }).field).toBe('username')
  })

  it('maps time-out and network failures', () => {
    expect(describeFailure({ kind: 'timeout' }).msg).toBe('网络请求超时')
    expect(describeFailure({ kind: 'network', online: false }).msg).toBe('网络波动，或您已离线')
    expect(describeFailure({ kind: 'network', online: true }).msg).toBe('网络波动，请刷新重试')
  })
})

describe('isSuccess and cancellation', () => {
  it('needs HTTP 2xx and code 200', () => {
    expect(isSuccess(200, { code: 200, msg: 'ok', data: 1 })).toBe(true)
    expect(isSuccess(200, { code: 400, msg: 'x', data: null })).toBe(false)
    expect(isSuccess(200, '<html>')).toBe(false)
  })

  it('tells a cancelled duplicate from a real error', () => {
    expect(isCancelled(new ApiError(-1, '重复请求已取消', undefined, true))).toBe(true)
    expect(isCancelled(new ApiError(400, '错误请求'))).toBe(false)
    expect(isCancelled(new Error('x'))).toBe(false)
  })
})
