// Choices the lottery screens load: the product's rooms, play groups and play ways (filters and forms).
import { useEffect, useState } from 'react'
import { api } from '../../core/api'
import type { Choice } from '../kit/types'

const ALL = { per_page: 1000 }
const QUIET = { silent: true }

export async function roomChoices(): Promise<Choice[]> {
  return (await api.room.index(ALL, QUIET)).items.map((r) => ({ value: String(r.id), label: r.name }))
}

export async function groupChoices(): Promise<Choice[]> {
  return (await api.playgroup.index(ALL, QUIET)).items.map((g) => ({ value: String(g.id), label: g.status === 1 ? g.name : `${g.name}（停用）` }))
}

export async function playwayChoices(): Promise<Choice[]> {
  return (await api.playway.index(ALL, QUIET)).items.map((w) => ({ value: String(w.id), label: w.name }))
}

/** Choices loaded once when a screen opens (none until they arrive, or when they fail). */
export function useChoices(load: () => Promise<Choice[]>): Choice[] {
  const [choices, setChoices] = useState<Choice[]>([])
  useEffect(() => { load().then(setChoices, () => undefined) }, [load])
  return choices
}
