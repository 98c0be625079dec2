// The command palette dialog (Ctrl/⌘+K): the command list, or the argument prompt of the chosen command. Loaded lazily with cmdk.
import { useRef, useState, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import type { Command } from '../../core/command'
import { consoleState } from '../../core/context'
import { invokeCommand, needsArgs } from '../../core/invoke'
import { closePalette, overlayState } from '../../core/overlays'
import { getCommand } from '../../core/registry'
import { useModal } from '../../core/use-modal'
import { PaletteArgs } from './palette-args'
import { PaletteList } from './palette-list'

export default function PaletteDialog({ argsFor }: { argsFor: string | null }) {
  const box = useRef<HTMLDivElement>(null)
  const [asking, setAsking] = useState<Command | null>(() => (argsFor ? getCommand(argsFor) ?? null : null))
  // What the command was invoked with besides the arguments asked here (a drawer's record as `rows`).
  const [given] = useState(() => overlayState.given ?? {})
  const { product, products } = useSnapshot(consoleState)
  useModal(box, 'input')

  const run = (cmd: Command, args: Record<string, unknown> = {}) => {
    closePalette()
    void invokeCommand(cmd.id, cmd.id === argsFor ? { ...given, ...args } : args)
  }
  const pick = (cmd: Command) => (needsArgs(cmd) ? setAsking(cmd) : run(cmd))

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return
    // Esc leaves the argument prompt's first step back to the list (deeper steps handle Esc themselves).
    if (e.key === 'Escape' && !e.defaultPrevented) { e.preventDefault(); if (asking) setAsking(null); else closePalette() }
    else if (e.key === 'Tab') e.preventDefault()
  }

  return (
    <div className="palette-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) closePalette() }}>
      <div ref={box} className="palette" role="dialog" aria-modal="true" aria-label="命令面板" data-testid="palette" onKeyDown={onKeyDown}>
        <div className="palette-head">
          <span>{asking ? asking.title : '命令面板'}</span>
          <span className="palette-product" data-testid="palette-product">当前产品：{products[product] ?? product}</span>
        </div>
        {asking
          ? <PaletteArgs cmd={asking} onDone={(args) => run(asking, args)} />
          : <PaletteList onPick={pick} />}
      </div>
    </div>
  )
}
