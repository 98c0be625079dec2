// Recently run command ids (most recent first), kept in localStorage for the palette.
const KEY = 'console.recent'
const MAX = 8

export function recentIds(): string[] {
  if (typeof localStorage === 'undefined') return []
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

export function recordRecent(id: string): void {
  if (typeof localStorage === 'undefined') return
  const next = [id, ...recentIds().filter((x) => x !== id)].slice(0, MAX)
  localStorage.setItem(KEY, JSON.stringify(next))
}
