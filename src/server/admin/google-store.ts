// The caller's own Google authenticator: the pending secret, its otpauth URI and QR code, switching it on and off.
import qrcode from 'qrcode-generator'
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { newSecret, otpauthUri } from '../auth/totp'
import type { GoogleStatus } from '../../contract/admin'

export interface GoogleRow { google_secret: string | null; google_enabled: boolean }

export async function googleRow(db: Queryable, adminId: number, lock = false): Promise<GoogleRow> {
  return (await one<GoogleRow>(db, `select google_secret, google_enabled from admins where id = $1${lock ? ' for update' : ''}`, [adminId]))!
}

/** While the authenticator is off, makes a pending secret when there is none (kept until it is switched on or off). */
export async function ensurePendingSecret(db: Queryable, adminId: number): Promise<GoogleRow> {
  await db.query('update admins set google_secret = $2 where id = $1 and google_secret is null and not google_enabled', [adminId, newSecret()])
  return googleRow(db, adminId)
}

function qrSvg(text: string): string {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  return qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true })
}

/** Once switched on, the secret is never shown again; binding and switching on are one step, so bound = on. */
export function googleStatus(row: GoogleRow, username: string): GoogleStatus {
  if (row.google_enabled || !row.google_secret) return { is_open_google_auth: row.google_enabled, bound: row.google_enabled }
  const uri = otpauthUri(row.google_secret, username)
  return { is_open_google_auth: false, bound: false, secret: row.google_secret, otpauth_uri: uri, qr_svg: qrSvg(uri) }
}

export async function switchOn(db: Queryable, adminId: number): Promise<void> {
  await db.query('update admins set google_enabled = true, updated_at = now() where id = $1', [adminId])
}

/** Off also forgets the secret (a new one is made next time); the last used step is kept so old codes stay spent. */
export async function switchOff(db: Queryable, adminId: number): Promise<void> {
  await db.query('update admins set google_enabled = false, google_secret = null, updated_at = now() where id = $1', [adminId])
}
