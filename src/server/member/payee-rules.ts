// Checks and masks for where members are paid: bank card numbers (Luhn) and TRC20/ERC20 wallet addresses.
import { createHash } from 'node:crypto'

/** 12–19 digits passing the Luhn check. */
export function validCardNo(no: string): boolean {
  if (!/^\d{12,19}$/.test(no)) return false
  let sum = 0
  for (let i = 0; i < no.length; i++) {
    let d = Number(no[no.length - 1 - i])
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9 }
    sum += d
  }
  return sum % 10 === 0
}

/** SQL: 6222 **** **** 1234 */
export const MASK_CARD = (col: string) => `left(${col}, 4) || ' **** **** ' || right(${col}, 4)`
/** SQL: TXYZab…wxyz */
export const SHORT_ADDRESS = (col: string) => `left(${col}, 6) || '…' || right(${col}, 4)`

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function base58(text: string): Buffer | null {
  let n = 0n
  for (const c of text) {
    const v = B58.indexOf(c)
    if (v < 0) return null
    n = n * 58n + BigInt(v)
  }
  const hex = n.toString(16)
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')
  const zeros = text.match(/^1*/)![0].length
  return Buffer.concat([Buffer.alloc(zeros), body])
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest()

/** TRC20: base58check, 34 characters, version byte 0x41 (starts with T). ERC20: 0x and 40 hex digits. */
export function validAddress(chain: string, address: string): boolean {
  if (chain === 'ERC20') return /^0x[0-9a-fA-F]{40}$/.test(address)
  if (chain !== 'TRC20' || !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false
  const raw = base58(address)
  if (!raw || raw.length !== 25 || raw[0] !== 0x41) return false
  return sha(sha(raw.subarray(0, 21))).subarray(0, 4).equals(raw.subarray(21))
}
