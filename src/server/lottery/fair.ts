// Provably fair draws: a random 32-byte seed per issue whose SHA-256 is published at creation, and the result
// computed at open time from HMAC-SHA256(seed, issue number) by rejection sampling (contract/lottery.ts documents
// the mapping; the console's 验证 recomputes it with Web Crypto).
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { digitsFromBytes, fairMessage, hex } from '../../contract/lottery'
import type { Digits } from './rules'

export const FAIR_METHOD = 'HMAC-SHA256(seed, issue_no)，字节 < 250 取个位（拒绝采样，无取模偏差），取前三位'

export function newSeed(): { seed: Buffer; hash: string } {
  const seed = randomBytes(32)
  return { seed, hash: seedHash(seed) }
}

export const seedHash = (seed: Uint8Array): string => createHash('sha256').update(seed).digest('hex')

export const hmacOf = (seed: Uint8Array, message: string): Buffer => createHmac('sha256', seed).update(message, 'utf8').digest()

/** The draw's three digits and the first HMAC (hex) they came from. */
export function drawDigits(seed: Uint8Array, issueNo: string): { digits: Digits; hmac: string } {
  return digitsOfRounds((round) => hmacOf(seed, fairMessage(issueNo, round)))
}

/** Digits from the HMAC rounds in order: six of 256 byte values are skipped, so one round nearly always suffices. */
export function digitsOfRounds(round: (n: number) => Uint8Array): { digits: Digits; hmac: string } {
  const first = Buffer.from(round(0))
  let stream: Buffer = first
  for (let n = 1; ; n++) {
    const d = digitsFromBytes(stream)
    if (d) return { digits: d as unknown as Digits, hmac: hex(first) }
    stream = Buffer.concat([stream, round(n)])
  }
}

export const resultText = (d: readonly number[] | null): string => (d ? d.join(',') : '')
