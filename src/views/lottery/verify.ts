// 验证: recomputes a draw in the browser with Web Crypto from its revealed seed — SHA-256 of the seed against the
// published hash, then HMAC-SHA256(seed, issue number) mapped to digits as contract/lottery.ts documents — and says
// whether both match. Nothing here trusts the server's own verification fields.
import { digitsFromBytes, fairMessage, fromHex, hex } from '../../contract/lottery'

export interface VerifyInput { seed: string; seed_hash: string; issue_no: string; result: string; is_manual: boolean }
export interface VerifyOutcome {
  hash: string; hashOk: boolean
  hmac: string; digits: number[]
  computed: string; resultOk: boolean
}

async function hmac(key: CryptoKey, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message)))
}

export async function verifyDraw(d: VerifyInput): Promise<VerifyOutcome> {
  if (!globalThis.crypto?.subtle) throw new Error('此浏览器环境不提供 Web Crypto（需通过 HTTPS 或本机地址访问），无法在本地验证')
  if (!/^[0-9a-f]{64}$/.test(d.seed)) throw new Error('本期种子尚未公开，开奖后才能验证')
  const seed = fromHex(d.seed)
  const hash = hex(new Uint8Array(await crypto.subtle.digest('SHA-256', seed)))
  const key = await crypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const first = await hmac(key, fairMessage(d.issue_no, 0))
  let stream = first
  let digits = digitsFromBytes(stream)
  for (let round = 1; !digits; round++) {
    const more = await hmac(key, fairMessage(d.issue_no, round))
    const next = new Uint8Array(stream.length + more.length)
    next.set(stream)
    next.set(more, stream.length)
    stream = next
    digits = digitsFromBytes(stream)
  }
  const computed = digits.join(',')
  return { hash, hashOk: hash === d.seed_hash.toLowerCase(), hmac: hex(first), digits, computed, resultOk: computed === d.result }
}
