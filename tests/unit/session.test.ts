// Session storage obfuscation: a reversible round trip that does not leave the JSON readable.
import { describe, expect, it } from 'vitest'
import { decode, encode } from '../../src/core/obfuscate'
import { pack, unpack } from '../../src/core/session'

const user = { id: 1, username: 'admin', nickname: '超级管理员', menu_list: ['/layout/admin/admins'], product: 'p1' }

describe('obfuscation', () => {
  it('round-trips text with Chinese characters and emoji', () => {
    for (const s of ['', 'token-abc', '超级管理员', '{"a":"会员列表 ✓ 🎲"}']) expect(decode(encode(s))).toBe(s)
  })

  it('stores the session not as plain JSON outside development', () => {
    const stored = pack(user, false)
    expect(stored).not.toContain('admin')
    expect(stored).not.toContain('menu_list')
    expect(() => JSON.parse(stored)).toThrow()
    expect(unpack(stored, false)).toEqual(user)
  })

  it('keeps development storage readable', () => {
    expect(pack(user, true)).toBe(JSON.stringify(user))
    expect(unpack(pack(user, true), true)).toEqual(user)
  })

  it('reads garbage as absent', () => {
    expect(unpack('not base64 at all!', false)).toBeNull()
    expect(unpack(null, false)).toBeNull()
  })
})
