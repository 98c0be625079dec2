// The palette's argument prompt: asks each argument of a command in turn (a choice list, a server search or free
// text), with validation. An Enter pressed before the choices for the typed text are there is kept until they are.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Command as Cmdk } from 'cmdk'
import type { Command } from '../../core/command'
import { consoleState } from '../../core/context'
import { claimKeys, holdKeys, type KeyHold } from '../../core/key-gate'
import { commandContext } from '../../core/registry'
import { useArgChoices } from './palette-choices'

export function PaletteArgs({ cmd, onDone }: { cmd: Command; onDone: (args: Record<string, string>) => void }) {
  const args = cmd.args ?? []
  const [step, setStep] = useState(0)
  const [values, setValues] = useState<Record<string, string>>({})
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  const arg = args[step]
  const choices = useArgChoices(cmd, arg, values, text)
  const list = useRef<HTMLDivElement>(null)
  const root = useRef<HTMLDivElement>(null)
  const waiting = useRef(false)
  const held = useRef<KeyHold | null>(null)
  const claimBack = useRef(false)
  const release = () => { held.current?.release(); held.current = null }

  /** Takes a value: the next step, or the command runs ('done'); 'error' when the value was refused. */
  const accept = (raw: string): 'done' | 'next' | 'error' => {
    const v = raw.trim()
    if (!v && !arg.optional) { setError(`请输入${arg.title}`); return 'error' }
    const problem = v ? arg.validate?.(v, commandContext({ ...values, [arg.name]: v }, cmd)) : null
    if (problem) { setError(problem); return 'error' }
    const next = { ...values, ...(v ? { [arg.name]: v } : {}) }
    if (step + 1 >= args.length) { onDone(next); return 'done' }
    setValues(next)
    setStep(step + 1)
    setText(next[args[step + 1].name] ?? '')
    setError('')
    return 'next'
  }

  /** The highlighted choice (cmdk marks it), else the first one shown. */
  const pick = () => {
    const selected = list.current?.querySelector<HTMLElement>('[cmdk-item][aria-selected="true"]')?.dataset.choiceValue
    const value = selected ?? choices.items[0]?.value
    if (value !== undefined) return accept(value)
    if (arg.optional && !text.trim()) return accept('')
    setError('没有匹配的选项')
    return 'error'
  }

  // The choices for the typed text have arrived: an Enter pressed while they were on their way takes effect now.
  // What was typed after that Enter goes to what it opened, or back into this prompt when it stays open.
  useEffect(() => {
    if (!waiting.current || !choices.settled) return
    waiting.current = false
    if (pick() === 'done') release()
    else claimBack.current = true
  })
  useLayoutEffect(() => {
    if (!claimBack.current) return
    claimBack.current = false
    if (root.current) claimKeys(root.current)
    release()
  })
  useLayoutEffect(() => release, [])

  // Capture phase, before cmdk: a choice is taken here only from choices that answer the text as typed.
  const onKeyDownCapture = (e: KeyboardEvent) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229 || e.key !== 'Enter' || choices.kind === 'none') return
    e.preventDefault()
    e.stopPropagation()
    if (choices.settled) { pick(); return }
    waiting.current = true
    held.current ??= holdKeys()
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return
    if (e.key === 'Escape' && step > 0) {
      e.preventDefault()
      setStep(step - 1)
      setText(values[args[step - 1].name] ?? '')
      setError('')
    } else if (e.key === 'Enter' && choices.kind === 'none') {
      e.preventDefault()
      accept(text)
    }
  }

  if (!arg) return null
  const prompt = `${arg.title}${arg.optional ? '（可选）' : ''}`
  const empty = choices.kind === 'search' ? '没有找到' : '没有匹配的选项'
  return (
    <div ref={root} className="palette-args" data-testid="palette-arg" data-arg={arg.name} data-status={choices.status}
      onKeyDownCapture={onKeyDownCapture} onKeyDown={onKeyDown}>
      <div className="palette-step muted">第 {step + 1}/{args.length} 步 · {prompt} · Esc 返回</div>
      <Cmdk shouldFilter={false} loop label={prompt}>
        <Cmdk.Input
          autoFocus
          data-testid="palette-input"
          className="palette-input"
          placeholder={arg.placeholder ?? (choices.kind === 'search' ? `输入以搜索${arg.title}…` : choices.kind === 'list' ? `选择${arg.title}…` : `输入${arg.title}，Enter 确认`)}
          value={text}
          onValueChange={(v) => { setText(v); setError('') }}
          onCompositionStart={() => { consoleState.composing = true; choices.composing(true) }}
          onCompositionEnd={() => { consoleState.composing = false; choices.composing(false) }}
        />
        {error && <p className="form-error" role="alert" data-testid="palette-arg-error">{error}</p>}
        {choices.kind !== 'none' && (
          <Cmdk.List ref={list} className="palette-list">
            {choices.status === 'loading' && <Cmdk.Loading>{choices.kind === 'search' ? '搜索中…' : '加载中…'}</Cmdk.Loading>}
            {choices.status === 'failed' && <div className="palette-empty">{choices.kind === 'search' ? '搜索失败，请重试' : '选项加载失败，按 Esc 返回'}</div>}
            {choices.status === 'ready' && !choices.items.length && <div className="palette-empty">{empty}</div>}
            {choices.items.map((c) => (
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
