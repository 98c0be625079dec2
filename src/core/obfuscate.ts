// The reversible scheme that hides session values in sessionStorage outside development: XOR with a fixed key, base64 of UTF-8.
const KEY = 'houtai-console/2024'

function xor(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length)
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i] ^ KEY.charCodeAt(i % KEY.length)
  return out
}

/** Encodes any string (Chinese included) into an opaque base64 string. */
export function encode(plain: string): string {
  const bytes = xor(new TextEncoder().encode(plain))
  let bin = ''
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(bin)
}

/** Reverses `encode`; returns null for anything that is not an encoded value. */
export function decode(stored: string): string | null {
  try {
    const bin = atob(stored)
    const bytes = new Uint8Array(bin.length)
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
    return new TextDecoder('utf-8', { fatal: true }).decode(xor(bytes))
  } catch {
    return null
  }
}
