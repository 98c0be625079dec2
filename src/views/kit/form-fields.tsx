// One form field: label with required mark, the control for its type, its hint and its error.
import { useEffect, useState } from 'react'
import type { Choice } from './types'
import type { FieldSpec } from './form-types'

function useChoices(options: FieldSpec['options']): { choices: Choice[]; loading: boolean; failed: boolean } {
  const [state, setState] = useState(() => ({ choices: Array.isArray(options) ? options : [], loading: typeof options === 'function', failed: false }))
  useEffect(() => {
    if (typeof options !== 'function') return
    let live = true
    options().then(
      (choices) => live && setState({ choices, loading: false, failed: false }),
      () => live && setState({ choices: [], loading: false, failed: true }),
    )
    return () => { live = false }
  }, [options])
  return state
}

interface Props {
  spec: FieldSpec
  value: unknown
  error?: string
  onChange: (value: unknown) => void
}

export function FormField({ spec, value, error, onChange }: Props) {
  const id = `fld-${spec.name}`
  const described = error ? `${id}-err` : spec.hint ? `${id}-hint` : undefined
  const common = {
    id,
    name: spec.name,
    disabled: spec.disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': spec.required || undefined,
  }
  const { choices, loading, failed } = useChoices(spec.options)
  let control
  switch (spec.type) {
    case 'textarea':
      control = <textarea {...common} rows={4} value={String(value ?? '')} maxLength={spec.maxLength} placeholder={spec.placeholder} onChange={(e) => onChange(e.target.value)} />
      break
    case 'select':
      control = (
        <select {...common} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
          <option value="">{loading ? '加载中…' : spec.emptyLabel ?? '请选择'}</option>
          {choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
        </select>
      )
      break
    case 'multiselect': {
      const set = new Set((Array.isArray(value) ? value : []).map(String))
      control = (
        <div {...common} role="group" aria-labelledby={`${id}-label`} className="kit-checklist" tabIndex={-1}>
          {loading && <span className="kit-muted">加载中…</span>}
          {failed && <span className="kit-error">选项加载失败</span>}
          {!loading && !failed && !choices.length && <span className="kit-muted">暂无选项</span>}
          {choices.map((c) => (
            <label key={c.value} className="kit-check">
              <input
                type="checkbox"
                checked={set.has(c.value)}
                disabled={spec.disabled}
                onChange={(e) => {
                  const next = new Set(set)
                  if (e.target.checked) next.add(c.value)
                  else next.delete(c.value)
                  onChange(choices.map((x) => x.value).filter((v) => next.has(v)))
                }}
              />
              {c.label}
            </label>
          ))}
        </div>
      )
      break
    }
    case 'switch':
      control = (
        <label className="kit-switch">
          <input {...common} type="checkbox" role="switch" checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)} />
          <span>{value ? '开' : '关'}</span>
        </label>
      )
      break
    default:
      control = (
        <input
          {...common}
          type={spec.type === 'password' ? 'password' : 'text'}
          inputMode={spec.type === 'number' ? 'decimal' : undefined}
          value={String(value ?? '')}
          maxLength={spec.maxLength}
          placeholder={spec.placeholder}
          autoComplete={spec.autoComplete ?? (spec.type === 'password' ? 'new-password' : 'off')}
          onChange={(e) => onChange(e.target.value)}
        />
      )
  }
  return (
    <div className={`kit-form-row${error ? ' kit-has-error' : ''}`} data-field={spec.name}>
      <label id={`${id}-label`} htmlFor={spec.type === 'multiselect' ? undefined : id} className="kit-form-label">
        {spec.required && <span className="kit-required" aria-hidden="true">*</span>}
        {spec.label}
      </label>
      <div className="kit-form-control">
        {control}
        {error ? (
          <div id={`${id}-err`} className="kit-error" role="alert">{error}</div>
        ) : spec.hint ? (
          <div id={`${id}-hint`} className="kit-muted">{spec.hint}</div>
        ) : null}
      </div>
    </div>
  )
}
