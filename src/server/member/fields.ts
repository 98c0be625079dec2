// Server-side input checks of the member area: RSA passwords decrypted and checked, money text read to cents.
// (Schema pieces come from contract/schema.ts; the re-export below serves other areas that still import them from here.)
import type { RsaKeys } from '../auth/rsa'
import { badRequest } from '../errors'
import { moneyInput } from '../../contract/money'


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

/** An optional money amount (absent or ''): null, else its cents, zero allowed. */
export const centsOrNull = (v: string | number | undefined, field: string, title: string): number | null =>
  v === undefined || v === '' ? null : cents(v, field, title, { allowZero: true })
