// Every play way's rule against all 1,000 three-digit results. The expectations below are written from the rules'
// wording on their own (other formulas than the implementation's), then compared code by code and number by number.
import { describe, expect, it } from 'vitest'
import { contentOf, payoutOf, sumOf, tagsOf, winningCodes, wins, type Digits } from '../../src/server/lottery/rules'
import { PLAYWAY_CODES, parseResult, type PlaywayCode } from '../../src/contract/lottery'

const ALL: Digits[] = []
for (let n = 0; n < 1000; n++) ALL.push([Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10])

/** The rules as the design states them, spelled differently on purpose. */
function expected(d: Digits, code: PlaywayCode, number: number | null = null): boolean {
  const total = d.reduce((a, b) => a + b, 0)
  const isBig = total > 13 // 大: 14 and above
  const isOdd = total % 2 !== 0
  const pairsEqual = Number(d[0] === d[1]) + Number(d[1] === d[2]) + Number(d[0] === d[2])
  const text = [...d].sort().join('')
  const straights = ['012', '123', '234', '345', '456', '567', '678', '789']
  switch (code) {
    case 'da': return isBig
    case 'xiao': return total <= 13
    case 'dan': return isOdd
    case 'shuang': return !isOdd
    case 'dadan': return isBig && isOdd
    case 'dashuang': return isBig && !isOdd
    case 'xiaodan': return !isBig && isOdd
    case 'xiaoshuang': return !isBig && !isOdd
    case 'jida': return total > 21
    case 'jixiao': return total < 6
    case 'tema': return number === total
    case 'duizi': return pairsEqual === 1 // exactly two of three equal
    case 'baozi': return pairsEqual === 3
    case 'shunzi': return straights.includes(text)
  }
}

describe('winning rules', () => {
  it('agrees with the design for every code on all 1,000 results (and 特码 on every number 0–27)', () => {
    let checked = 0
    for (const d of ALL) {
      for (const code of PLAYWAY_CODES) {
        if (code === 'tema') {
          for (let n = 0; n <= 27; n++) {
            expect(wins('tema', d, n), `${d} 特码 ${n}`).toBe(expected(d, 'tema', n))
            checked++
          }
        } else {
          expect(wins(code, d), `${d} ${code}`).toBe(expected(d, code))
          checked++
        }
      }
      expect(winningCodes(d).sort()).toEqual(PLAYWAY_CODES.filter((c) => c !== 'tema' && expected(d, c)).sort())
    }
    expect(checked).toBe(1000 * (13 + 28))
  })

  it('wins as often as counting says it should', () => {
    const count = (code: PlaywayCode, n: number | null = null) => ALL.filter((d) => wins(code, d, n)).length
    expect([count('da'), count('xiao'), count('dan'), count('shuang')]).toEqual([500, 500, 500, 500])
    expect([count('dadan'), count('dashuang'), count('xiaodan'), count('xiaoshuang')]).toEqual([231, 269, 269, 231])
    expect([count('jida'), count('jixiao')]).toEqual([56, 56])
    expect([count('duizi'), count('baozi'), count('shunzi')]).toEqual([270, 10, 48])
    const byNumber = Array.from({ length: 28 }, (_, n) => count('tema', n))
    expect(byNumber.reduce((a, b) => a + b, 0)).toBe(1000)
    expect([byNumber[0], byNumber[1], byNumber[13], byNumber[14], byNumber[27]]).toEqual([1, 3, 75, 75, 1])
    expect(count('tema', null)).toBe(0)
  })

  it('has no special cases: 13/14, wrap-around straights, triples on the other bets', () => {
    expect(wins('xiao', [4, 4, 5])).toBe(true) // 13
    expect(wins('da', [4, 5, 5])).toBe(true) // 14
    for (const d of [[8, 9, 0], [9, 0, 1], [0, 9, 8]] as Digits[]) expect(wins('shunzi', d), String(d)).toBe(false)
    for (const d of [[0, 1, 2], [9, 7, 8], [5, 3, 4]] as Digits[]) expect(wins('shunzi', d), String(d)).toBe(true)
    // 豹子 is also 小/双/极小 when its sum says so, and never 对子.
    expect(winningCodes([0, 0, 0]).sort()).toEqual(['baozi', 'jixiao', 'shuang', 'xiao', 'xiaoshuang'].sort())
    expect(winningCodes([9, 9, 9]).sort()).toEqual(['baozi', 'da', 'dan', 'dadan', 'jida'].sort())
    expect(tagsOf([3, 5, 8])).toEqual(['大', '双'])
    expect(tagsOf([1, 1, 2])).toEqual(['小', '双', '极小', '对子'])
    expect(sumOf([9, 9, 9])).toBe(27)
    expect(contentOf('tema', 13)).toBe('特码 13')
  })

  it('pays stake × rate rounded half-up to the cent in integer arithmetic', () => {
    expect(payoutOf(100, '1.98')).toBe(198)
    expect(payoutOf(1, '1.98')).toBe(2) // 1.98 分 → 2
    expect(payoutOf(1, '1.49')).toBe(1) // 1.49 → 1
    expect(payoutOf(3, '1.50')).toBe(5) // 4.5 → 5 (half up)
    expect(payoutOf(1001, '2.05')).toBe(2052) // 2052.05 → 2052
    expect(payoutOf(99_999_999_999, '1000.00')).toBe(99_999_999_999_000)
    expect(payoutOf(12345, '9.8')).toBe(120981) // 120981.0
  })

  it('reads results as three digits only', () => {
    expect(parseResult('3,5,8')).toEqual([3, 5, 8])
    expect(parseResult(' 3，5，8 ')).toEqual([3, 5, 8])
    expect(parseResult('358')).toEqual([3, 5, 8])
    for (const bad of ['', '3,5', '3,5,8,1', '10,1,1', 'a,b,c', '3,5,-1']) expect(parseResult(bad), bad).toBeNull()
  })
})
