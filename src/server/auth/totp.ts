// Google authenticator codes: TOTP (RFC 6238, 30 s step, ±1 step); a code is accepted once, never twice.
import * as OTPAuth from 'otpauth'

export const TOTP_ISSUER = '后台管理系统'

export function newSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32
}

function totp(secret: string, label: string) {
  return new OTPAuth.TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret })
}

export function otpauthUri(secret: string, username: string): string {
  return totp(secret, username).toString()
}

/** The time step the code belongs to, or null when it is not valid now. */
export function codeStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totp(secret, 'x').validate({ token: code, timestamp: now, window: 1 })
  return delta === null ? null : Math.floor(now / 1000 / 30) + delta
}

/** A code for the current step (tests and the demo). */
export function currentCode(secret: string, now = Date.now()): string {
  return totp(secret, 'x').generate({ timestamp: now })
}
