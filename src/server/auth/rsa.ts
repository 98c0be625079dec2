// The login key pair: generated on first start into the database (shared by every instance), or given by RSA_PRIVATE_KEY.
// Decryption uses node-forge's RSAES-PKCS1-V1_5 because Node 20 refuses PKCS#1 v1.5 in privateDecrypt (CVE-2023-46809).
import { generateKeyPairSync } from 'node:crypto'
import forge from 'node-forge'
import type { Db } from '../db/db'
import { one } from '../db/db'

export interface RsaKeys { publicPem: string; decrypt(b64: string): string | null }

export async function loadRsaKeys(db: Db, envKey = process.env.RSA_PRIVATE_KEY): Promise<RsaKeys> {
  let pem = envKey
  if (!pem) {
    const row = await one<{ value: string }>(db, `select value #>> '{}' as value from sys_settings where key = 'rsa_private_key'`)
    pem = row?.value
  }
  if (!pem) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const fresh = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
    // Another instance may have won the race: keep whichever key landed first.
    await db.query(`insert into sys_settings (key, value) values ('rsa_private_key', to_jsonb($1::text)) on conflict (key) do nothing`, [fresh])
    pem = (await one<{ value: string }>(db, `select value #>> '{}' as value from sys_settings where key = 'rsa_private_key'`))!.value
  }
  const priv = forge.pki.privateKeyFromPem(pem)
  const pub = forge.pki.setRsaPublicKey(priv.n, priv.e)
  const publicPem = forge.pki.publicKeyToPem(pub)
  return {
    publicPem,
    decrypt(b64: string) {
      try {
        if (!/^[A-Za-z0-9+/=\s]+$/.test(b64) || b64.length > 2048) return null
        const bytes = forge.util.decode64(b64)
        return forge.util.decodeUtf8(priv.decrypt(bytes, 'RSAES-PKCS1-V1_5'))
      } catch {
        return null // an undecryptable password is answered exactly like a wrong one
      }
    },
  }
}

/** Encrypts like jsencrypt does in the browser (tests, scripts and benchmarks). */
export function encryptForLogin(publicPem: string, plain: string): string {
  const pub = forge.pki.publicKeyFromPem(publicPem)
  return forge.util.encode64(pub.encrypt(forge.util.encodeUtf8(plain), 'RSAES-PKCS1-V1_5'))
}
