// Provably fair draws: the byte-to-digit mapping is unbiased (rejection sampling, not modulo), the published hash is
// SHA-256 of the seed, the digits come from HMAC-SHA256(seed, issue number), and the browser's Web Crypto check
// agrees with the server and notices a wrong seed, hash or result.
import { describe, expect, it } from 'vitest'
import { createHash, createHmac } from 'node:crypto'
import { digitsFromBytes, hex } from '../../src/contract/lottery'
import { digitsOfRounds, drawDigits, newSeed, seedHash } from '../../src/server/lottery/fair'
import { verifyDraw } from '../../src/views/lottery/verify'

describe('digit mapping', () => {
  it('gives every digit exactly 25 of the 256 byte values and skips the other 6 (modulo would favour 0–5)', () => {
    const hits = Array(10).fill(0)
    let skipped = 0
    for (let b = 0; b < 256; b++) {
      const d = digitsFromBytes([b], 1)
      if (d) hits[d[0]] += 1
      else skipped += 1
    }
    expect(hits).toEqual(Array(10).fill(25))
    expect(skipped).toBe(6)
    const modulo = Array(10).fill(0)
    for (let b = 0; b < 256; b++) modulo[b % 10] += 1
    expect(modulo).not.toEqual(Array(10).fill(modulo[0])) // 26 for 0–5, 25 for 6–9: the bias avoided
  })

  it('skips rejected bytes in order and answers null when the stream runs out', () => {
    expect(digitsFromBytes([255, 250, 13, 249, 251, 7])).toEqual([3, 9, 7])
    expect(digitsFromBytes([255, 250, 1])).toBeNull()
  })

  it('spreads digits evenly over many draws (χ² over 30,000 digits from fixed seeds)', () => {
    const hits = Array(10).fill(0)
    for (let i = 0; i < 10_000; i++) {
      const seed = createHash('sha256').update(`fixed seed ${i}`).digest()
      for (const d of drawDigits(seed, `20240101${String(i % 2880).padStart(4, '0')}`).digits) hits[d] += 1
    }
    const expectedEach = 3000
    const chi = hits.reduce((s, h) => s + (h - expectedEach) ** 2 / expectedEach, 0)
    expect(chi).toBeLessThan(27.88) // 9 degrees of freedom, p = 0.001
  })
})

describe('seed, hash and result', () => {
  it('publishes SHA-256 of a fresh 32-byte seed and draws from HMAC-SHA256(seed, issue number)', () => {
    const { seed, hash } = newSeed()
    expect(seed).toHaveLength(32)
    expect(hash).toBe(createHash('sha256').update(seed).digest('hex'))
    expect(seedHash(seed)).toBe(hash)
    expect(newSeed().hash).not.toBe(hash)
    const mac = createHmac('sha256', seed).update('202401150001').digest()
    const { digits, hmac } = drawDigits(seed, '202401150001')
    expect(hmac).toBe(mac.toString('hex'))
    expect(digits).toEqual(digitsFromBytes(mac))
    expect(drawDigits(seed, '202401150002').hmac).not.toBe(hmac)
  })

  it('goes on with HMAC(seed, issue:1), HMAC(seed, issue:2)… when a round holds fewer than three digits', () => {
    const asked: number[] = []
    const rounds = [Buffer.alloc(32, 255), Buffer.from([251, 4, 252, 253, 254, 255, 250, ...Array(25).fill(250)]), Buffer.from([17, 9, 3])]
    const out = digitsOfRounds((n) => { asked.push(n); return rounds[n] })
    expect(out.digits).toEqual([4, 7, 9])
    expect(asked).toEqual([0, 1, 2])
    expect(out.hmac).toBe('ff'.repeat(32))
  })

  it('is confirmed by the browser check (Web Crypto), which also catches a wrong hash, seed or result', async () => {
    const { seed, hash } = newSeed()
    const { digits } = drawDigits(seed, '202401150099')
    const ok = await verifyDraw({ seed: hex(seed), seed_hash: hash, issue_no: '202401150099', result: digits.join(','), is_manual: false })
    expect(ok).toMatchObject({ hashOk: true, resultOk: true, computed: digits.join(','), hash })
    const wrongResult = digits.map((d) => (d + 1) % 10).join(',')
    expect((await verifyDraw({ seed: hex(seed), seed_hash: hash, issue_no: '202401150099', result: wrongResult, is_manual: true })).resultOk).toBe(false)
    expect((await verifyDraw({ seed: hex(seed), seed_hash: 'ab'.repeat(32), issue_no: '202401150099', result: digits.join(','), is_manual: false })).hashOk).toBe(false)
    const other = newSeed()
    const swapped = await verifyDraw({ seed: hex(other.seed), seed_hash: hash, issue_no: '202401150099', result: digits.join(','), is_manual: false })
    expect(swapped.hashOk).toBe(false)
    await expect(verifyDraw({ seed: '', seed_hash: hash, issue_no: '1', result: '', is_manual: false })).rejects.toThrow('尚未公开')
  })
})
