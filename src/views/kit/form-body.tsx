// A form's fields, state and submit flow, shared by the dialog and the routed page: checks, server messages, keys.
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { ApiError } from '../../core/http'
import { claimKeys } from '../../core/key-gate'
import { FormField } from './form-fields'
import { checkValues, initialValues, outputValues, placeServerError, type FormSpec, type FormValues } from './form-types'

interface Props {
  spec: FormSpec
  onDone: (result: unknown) => void
  onCancel: () => void
  cancelText?: string
}

export function FormBody({ spec, onDone, onCancel, cancelText = '取消' }: Props) {
  const [values, setValues] = useState<FormValues>(() => initialValues(spec))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [top, setTop] = useState('')
  const [busy, setBusy] = useState(false)
  const form = useRef<HTMLFormElement>(null)

  const focusField = (name?: string) => {
    const root = form.current
    if (!root) return
    const scope = name ? root.querySelector(`[data-field="${name}"]`) : root
    const el = scope?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])')
    el?.focus()
  }
  // In the commit that mounts the form, so the keys typed since it was invoked land in its first field and on.
  useLayoutEffect(() => {
    focusField()
    if (form.current) claimKeys(form.current)
  }, [])

  const submit = async () => {
    if (busy) return
    const found = checkValues(spec.fields, values)
    setErrors(found)
    setTop('')
    const first = spec.fields.find((f) => found[f.name])
    if (first) return focusField(first.name)
    setBusy(true)
    try {
      const result = await spec.submit(outputValues(spec.fields, values))
      setBusy(false)
      onDone(result)
    } catch (e) {
      setBusy(false)
      const msg = e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e)
      const placed = placeServerError(spec.fields, msg, e instanceof ApiError ? e.field : undefined)
      if (placed.field) {
        setErrors({ [placed.field]: placed.msg })
        focusField(placed.field)
      } else {
        setTop(msg)
      }
    }
  }

  const onKey = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return
    const t = e.target as HTMLElement
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      onCancel()
    } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey || (t.tagName !== 'TEXTAREA' && t.tagName !== 'BUTTON'))) {
      e.preventDefault()
      void submit()
    }
  }

  return (
    <form
      ref={form}
      className="kit-form"
      noValidate
      onKeyDown={onKey}
      onSubmit={(e) => { e.preventDefault(); void submit() }}
      aria-busy={busy}
      data-testid="form"
    >
      {top && <div className="kit-form-top kit-error" role="alert">{top}</div>}
      {spec.fields.map((f) => (
        <FormField
          key={f.name}
          spec={f}
          value={values[f.name]}
          error={errors[f.name]}
          onChange={(v) => {
            setValues((prev) => ({ ...prev, [f.name]: v }))
            if (errors[f.name]) setErrors(({ [f.name]: _, ...rest }) => rest)
          }}
        />
      ))}
      <div className="kit-form-actions">
        <button type="button" className="kit-btn" onClick={onCancel}>{cancelText}</button>
        <button type="submit" className="kit-btn kit-btn-primary" disabled={busy}>
          {busy ? '提交中…' : spec.submitText ?? '确定'}
        </button>
      </div>
      <div className="kit-muted kit-form-keys">Enter 或 Ctrl+Enter 提交 · Esc 取消</div>
    </form>
  )
}
