// Schema pieces and input checks of the member area: usernames, RSA passwords, phones, nullable ids, money text.
import { Type } from '@sinclair/typebox'
import type { RsaKeys } from '../auth/rsa'
import { badRequest } from '../errors'
import { Id, Text } from '../http/schemas'
import { moneyInput } from '../../contract/money'

export const Username = Type.String({ title: '用户名', minLength: 4, maxLength: 16, pattern: '^[A-Za-z0-9_]+$' })
export const Status01 = (title = '状态') => Type.Integer({ title, minimum: 0, maximum: 1 })
export const NullableId = (title: string) => Type.Optional(Type.Union([Type.Integer({ title, minimum: 1, maximum: 2147483647 }), Type.Null()], { title }))
export const Phone = Type.String({ title: '手机号', maxLength: 11, pattern: '^(1[3-9][0-9]{9})?$' })
export const Remark = Text('备注', 200)
/** A money amount as the console sends it: "1234.50" (or a number), checked to cents by `cents`. */
export const MoneyText = (title: string) => Type.Union([Type.String({ title, maxLength: 20 }), Type.Number({ title })], { title })
/** A rate as text or a number (its sub-schemas carry the title too, so a wrong type is reported by its Chinese name). */
export const RateText = (title: string, maxLength: number) => Type.Union([Type.String({ title, maxLength }), Type.Number({ title })], { title })
export { Id, Text }

/** The member's login password from RSA ciphertext: 6–20 characters. */
export function memberPassword(keys: RsaKeys, cipher: string | undefined, field = 'password'): string | undefined {
  if (!cipher) return undefined
  const plain = keys.decrypt(cipher)
  if (plain === null) throw badRequest('登录密码无法解密，请刷新页面后重试', field)
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

/**
 * A money field in cents within (0, max] (max defaults to, and never exceeds, MAX_CENTS: 999999999.99); `allowZero` for
 * amounts that may be nothing. Every money input of the server is read through here (finance's `amountCents` too).
 */
export function cents(v: string | number | undefined | null, field: string, title: string, opts: { allowZero?: boolean; max?: number } = {}): number {
  const r = moneyInput(v, opts)
  if ('error' in r) throw badRequest(`${title}${r.error}`, field)
  return r.cents
}

/** A username prefix as a LIKE pattern (lower case, `%` and `_` taken literally), or null when empty. */
export function prefixPattern(v: string | undefined): string | null {
  const s = v?.trim().toLowerCase()
  return s ? `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
}

export { Id as MemberId }
