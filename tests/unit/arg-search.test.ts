// Palette arguments as the operator types: the local matcher, and the server search's debounce, latest-answer-wins,
// reuse of an answer on its way, IME composition and failure (CommandArg.search).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ArgChoice } from '../../src/core/command'
import { createArgSearch, filterChoices, SEARCH_DEBOUNCE_MS, type SearchState } from '../../src/core/arg-search'

const choices: ArgChoice[] = [
  { value: 'alpha', label: '金沙彩票', hint: '当前' },
  { value: 'beta', label: '银河彩票', hint: 'beta' },
  { value: 'gamma', label: 'Gamma Lotto' },
]

describe('filterChoices', () => {
  it('matches label, value and hint, case-insensitively; an empty query keeps all', () => {
    expect(filterChoices(choices, '').map((c) => c.value)).toEqual(['alpha', 'beta', 'gamma'])
    expect(filterChoices(choices, '银河').map((c) => c.value)).toEqual(['beta'])
    expect(filterChoices(choices, ' BETA ').map((c) => c.value)).toEqual(['beta'])
    expect(filterChoices(choices, 'lotto').map((c) => c.value)).toEqual(['gamma'])
    expect(filterChoices(choices, '当前').map((c) => c.value)).toEqual(['alpha'])
    expect(filterChoices(choices, 'zzz')).toEqual([])
  })
})

/** A search whose answers the test releases by hand, in any order. */
function manualSearch() {
  const calls: { q: string; resolve: (items: ArgChoice[]) => void; reject: (e: Error) => void }[] = []
  const search = vi.fn((q: string) => new Promise<ArgChoice[]>((resolve, reject) => { calls.push({ q, resolve, reject }) }))
  const answer = async (q: string, items: ArgChoice[] = [{ value: q, label: q }]) => {
    calls.find((c) => c.q === q)!.resolve(items)
    await Promise.resolve(); await Promise.resolve()
  }
  return { search, calls, answer }
}

describe('createArgSearch', () => {
  let states: SearchState[]
  const last = () => states[states.length - 1]
  beforeEach(() => { vi.useFakeTimers(); states = [] })
  afterEach(() => { vi.useRealTimers() })

  it('asks for the empty query at once, then once for the text after a pause in typing', async () => {
    const m = manualSearch()
    const s = createArgSearch(m.search, (st) => states.push(st))
    expect(m.search.mock.calls.map((c) => c[0])).toEqual([''])
    await m.answer('')
    expect(s.settled('')).toBe(true)
    s.input('a'); s.input('ab'); s.input('abc')
    expect(s.settled('abc')).toBe(false)
    expect(last().status).toBe('loading')
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1)
    expect(m.search).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(m.search.mock.calls.map((c) => c[0])).toEqual(['', 'abc'])
    expect(s.settled('abc')).toBe(false)
    await m.answer('abc')
    expect(last()).toEqual({ status: 'ready', query: 'abc', items: [{ value: 'abc', label: 'abc' }] })
    expect(s.settled('abc')).toBe(true)
    expect(s.settled('ab')).toBe(false)
  })

  it('shows only the latest query’s answer: an older answer arriving late is ignored', async () => {
    const m = manualSearch()
    const s = createArgSearch(m.search, (st) => states.push(st))
    s.input('a')
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS)
    s.input('ab')
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS)
    await m.answer('ab')
    await m.answer('a')
    await m.answer('')
    expect(last().query).toBe('ab')
    expect(states.filter((st) => st.status === 'ready').map((st) => st.query)).toEqual(['ab'])
    expect(s.settled('ab')).toBe(true)
  })

  it('waits for an answer already on its way when the same text is asked again', async () => {
    const m = manualSearch()
    const s = createArgSearch(m.search, (st) => states.push(st))
    s.input('ab')
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS)
    s.input('a')
    s.input('ab')
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS)
    expect(m.search.mock.calls.map((c) => c[0])).toEqual(['', 'ab'])
    await m.answer('ab')
    expect(s.settled('ab')).toBe(true)
  })

  it('does not search while an IME composes; the composed text is searched when it ends', async () => {
    const m = manualSearch()
    const s = createArgSearch(m.search, (st) => states.push(st))
    await m.answer('')
    s.composing(true)
    s.input('z'); s.input('zh'); s.input('中')
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 3)
    expect(m.search).toHaveBeenCalledTimes(1)
    expect(s.settled('')).toBe(false)
    s.composing(false)
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS)
    expect(m.search.mock.calls.map((c) => c[0])).toEqual(['', '中'])
    await m.answer('中')
    expect(s.settled('中')).toBe(true)
  })

  it('a failed search settles as failed with nothing to pick; dispose stops everything', async () => {
    const m = manualSearch()
    const s = createArgSearch(m.search, (st) => states.push(st))
    m.calls[0].reject(new Error('offline'))
    await Promise.resolve(); await Promise.resolve()
    expect(last()).toEqual({ status: 'failed', query: '', items: [] })
    expect(s.settled('')).toBe(true)
    s.input('x')
    s.dispose()
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS)
    expect(m.search).toHaveBeenCalledTimes(1)
  })
})
