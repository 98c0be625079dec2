// Schema pieces and input checks of the member area: usernames, RSA passwords, phones, nullable ids, money text.
import { Type } from '@sinclair/typebox'
import type { RsaKeys } from '../auth/rsa'
import { badRequest } from '../errors'
import { Id, Text } from '../http/schemas'
import { toCents } from '../../contract/money'

export const Username = Type.String({ title: '用户名', minLength: 4, maxLength: 16, pattern: '^[A-Za-z0-9_]+$' })
export const Status01 = (title = '状态') => Type.Integer({ title, minimum: 0, maximum: 1 })
export const NullableId = (title: string) => Type.Optional(Type.Union([Type.Integer({ title, minimum: 1, maximum: 2147483647 }), Type.Null()], { title }))
export const Phone = Type.String({ title: '手机号', maxLength: 11, pattern: '^(1[3-9][0-9]{9})?$' })
export const Remark = Text('备注', 200)
/** A money amount as the console sends it: "1234.50" (or a number), checked to cents by `cents`. */
export const MoneyText = (title: string) => Type.Union([Type.String({ maxLength: 20 }), Type.Number()], { title })
export { Id, Text }

/** The member's login password from RSA ciphertext: 6–20 characters. */
export function memberPassword(keys: RsaKeys, cipher: string | undefined, field = 'password'): string | undefined {
  if (!cipher) return undefined
  const plain = keys.decrypt(cipher)
  if (plain === null) throw badRequest('密码无法解密，请刷新页面后重试', field)
  const n = [...plain].length
  if (n < 6 || n > 20) throw badRequest('登录密码长度须为 6-20 位', field)
  return plain
}

/** The fund password from RSA ciphertext: exactly 6 digits. */
export function fundPassword(keys: RsaKeys, cipher: string | undefined): string | undefined {
  if (!cipher) return undefined
  const plain = keys.decrypt(cipher)
  if (plain === null) throw badRequest('资金密码无法解密，请刷新页面后重试', 'fund_password')
  if (!/^\d{6}$/.test(plain)) throw badRequest('资金密码须为 6 位数字', 'fund_password')
  return plain
}

/** A money field in cents within (0, max]; `allowZero` for balances that may be set to nothing. */
export function cents(v: string | number | undefined | null, field: string, title: string, opts: { allowZero?: boolean; max?: number } = {}): number {
  const c = toCents(v ?? '')
  if (c === null) throw badRequest(`${title}格式不正确，最多两位小数`, field)
  if (c < 0 || (!opts.allowZero && c === 0)) throw badRequest(`${title}必须大于 0`, field)
  if (opts.max !== undefined && c > opts.max) throw badRequest(`${title}超出上限`, field)
  return c
}

export { Id as MemberId }
