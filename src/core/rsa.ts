// Password encryption for login and admin forms: RSA PKCS#1 v1.5 (jsencrypt, loaded lazily) with the site's public key.
import { getConfigs } from './configs'
import { ApiError } from './http-errors'

type Encryptor = { encrypt(plain: string): string | false }
let encryptor: Promise<Encryptor> | null = null

function loadEncryptor(): Promise<Encryptor> {
  if (!encryptor) {
    encryptor = Promise.all([import('jsencrypt'), getConfigs()]).then(([mod, cfg]) => {
      const enc = new mod.default()
      enc.setPublicKey(cfg.public_key)
      return enc
    })
    encryptor.catch(() => { encryptor = null })
  }
  return encryptor
}

/** Base64 ciphertext of `plain` under the server's public key. */
export async function encryptPassword(plain: string): Promise<string> {
  const out = (await loadEncryptor()).encrypt(plain)
  if (!out) throw new ApiError(400, '密码加密失败，请刷新重试')
  return out
}
