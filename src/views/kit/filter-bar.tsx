// The filter row above a table: text, select and date inputs; Enter applies, Esc returns to the table, 重置 clears.
import { forwardRef, useEffect, useState, type KeyboardEvent } from 'react'
import type { Choice, FilterSpec, Labels } from './types'

export function choicesOf(options: Labels | Choice[] | undefined): Choice[] {
  if (!options) return []
  if (Array.isArray(options)) return options
  return Object.entries(options).map(([value, label]) => ({ value, label }))
}

interface Props {
  filters: FilterSpec[]
  values: Record<string, string>
  onApply: (values: Record<string, string>) => void
  onLeave: () => void
}

export const FilterBar = forwardRef<HTMLElement, Props>(function FilterBar({ filters, values, onApply, onLeave }, firstRef) {
  const [draft, setDraft] = useState(values)
  const applied = JSON.stringify(values)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setDraft(values), [applied])
  if (!filters.length) return null

  const set = (name: string, v: string, apply = false) => {
    const next = { ...draft, [name]: v }
    setDraft(next)
    if (apply) onApply(next)
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return
    if (e.key === 'Enter') {
      e.preventDefault()
      onApply(draft)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      onLeave()
    }
  }

  return (
    <form className="kit-filters" role="search" onSubmit={(e) => { e.preventDefault(); onApply(draft) }} onKeyDown={onKey}>
      {filters.map((f, i) => {
        const id = `flt-${f.name}`
        const ref = i === 0 ? (firstRef as React.Ref<never>) : undefined
        return (
          <label key={f.name} className="kit-filter" htmlFor={id}>
            <span>{f.title}</span>
            {f.type === 'select' ? (
              <select id={id} ref={ref} name={f.name} value={draft[f.name] ?? ''} onChange={(e) => set(f.name, e.target.value, true)}>
                <option value="">全部</option>
                {choicesOf(f.options).map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
              </select>
            ) : (
              <input
                id={id}
                ref={ref}
                name={f.name}
                type={f.type === 'date' ? 'date' : 'search'}
                placeholder={f.placeholder ?? (f.type === 'text' ? `请输入${f.title}` : undefined)}
                value={draft[f.name] ?? ''}
                onChange={(e) => set(f.name, e.target.value, f.type === 'date')}
                autoComplete="off"
              />
            )}
          </label>
        )
      })}
      <button type="submit" className="kit-btn kit-btn-primary">查询</button>
      <button type="button" className="kit-btn" onClick={() => onApply({})}>重置</button>
    </form>
  )
})
