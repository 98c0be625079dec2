// The palette's argument prompt: asks each argument of a command in turn (a choice list or free text), with validation.
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react'
import { Command as Cmdk } from 'cmdk'
import type { ArgChoice, Command } from '../../core/command'
import { consoleState } from '../../core/context'
import { commandContext } from '../../core/registry'

type Choices = { state: 'none' } | { state: 'loading' } | { state: 'ready'; items: ArgChoice[] } | { state: 'failed' }

function filterChoices(items: ArgChoice[], q: string): ArgChoice[] {
  const s = q.trim().toLowerCase()
  if (!s) return items
  return items.filter((c) => [c.label, c.value, c.hint ?? ''].some((t) => t.toLowerCase().includes(s)))
}

export function PaletteArgs({ cmd, onDone }: { cmd: Command; onDone: (args: Record<string, string>) => void }) {
  const args = cmd.args ?? []
  const [step, setStep] = useState(0)
  const [values, setValues] = useState<Record<string, string>>({})
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  const [choices, setChoices] = useState<Choices>({ state: 'none' })
  const arg = args[step]

  useEffect(() => {
    if (!arg?.choices) { setChoices({ state: 'none' }); return }
    let live = true
    setChoices({ state: 'loading' })
    Promise.resolve(arg.choices(commandContext(values, cmd))).then(
      (items) => { if (live) setChoices({ state: 'ready', items }) },
      () => { if (live) setChoices({ state: 'failed' }) },
    )
    return () => { live = false }
    // Choices load once per step; earlier answers are fixed by then.
  }, [step])

  const shown = useMemo(() => (choices.state === 'ready' ? filterChoices(choices.items, text) : []), [choices, text])

  const accept = (raw: string) => {
    const v = raw.trim()
    if (!v && !arg.optional) { setError(`请输入${arg.title}`); return }
    const problem = v ? arg.validate?.(v, commandContext({ ...values, [arg.name]: v }, cmd)) : null
    if (problem) { setError(problem); return }
    const next = { ...values, ...(v ? { [arg.name]: v } : {}) }
    if (step + 1 >= args.length) { onDone(next); return }
    setValues(next)
    setStep(step + 1)
    setText(next[args[step + 1].name] ?? '')
    setError('')
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return
    if (e.key === 'Escape' && step > 0) {
      e.preventDefault()
      setStep(step - 1)
      setText(values[args[step - 1].name] ?? '')
      setError('')
    } else if (e.key === 'Enter' && !arg.choices) {
      e.preventDefault()
      accept(text)
    }
  }

  if (!arg) return null
  const prompt = `${arg.title}${arg.optional ? '（可选）' : ''}`
  return (
    <div className="palette-args" data-testid="palette-arg" data-arg={arg.name} onKeyDown={onKeyDown}>
      <div className="palette-step muted">第 {step + 1}/{args.length} 步 · {prompt} · Esc 返回</div>
      <Cmdk shouldFilter={false} loop label={prompt}>
        <Cmdk.Input
          autoFocus
          data-testid="palette-input"
          className="palette-input"
          placeholder={arg.placeholder ?? (arg.choices ? `选择${arg.title}…` : `输入${arg.title}，Enter 确认`)}
          value={text}
          onValueChange={(v) => { setText(v); setError('') }}
          onCompositionStart={() => { consoleState.composing = true }}
          onCompositionEnd={() => { consoleState.composing = false }}
        />
        {error && <p className="form-error" role="alert" data-testid="palette-arg-error">{error}</p>}
        {arg.choices && (
          <Cmdk.List className="palette-list">
            {choices.state === 'loading' && <Cmdk.Loading>加载中…</Cmdk.Loading>}
            {choices.state === 'failed' && <div className="palette-empty">选项加载失败，按 Esc 返回</div>}
            {choices.state === 'ready' && !shown.length && <div className="palette-empty">没有匹配的选项</div>}
            {shown.map((c) => (
              <Cmdk.Item key={c.value} value={c.value} data-choice-value={c.value} className="palette-item" onSelect={() => accept(c.value)}>
                <span className="palette-title">{c.label}</span>
                {c.hint && <span className="palette-id">{c.hint}</span>}
              </Cmdk.Item>
            ))}
          </Cmdk.List>
        )}
      </Cmdk>
    </div>
  )
}
