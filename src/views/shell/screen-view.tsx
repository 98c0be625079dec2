// Loads a screen's chunk lazily with a spinner, a 120 s time-out, and 页面加载失败 with 重试 when it fails.
import { Component, lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import type { Command } from '../../core/command'
import { useKeyHold } from '../../core/use-modal'

export const CHUNK_TIMEOUT_MS = 120_000

const cache = new Map<string, LazyExoticComponent<ComponentType>>()

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('页面加载超时')), ms)
    p.then((v) => { clearTimeout(t); resolve(v) }, (e) => { clearTimeout(t); reject(e) })
  })
}

function lazyScreen(cmd: Command): LazyExoticComponent<ComponentType> {
  let c = cache.get(cmd.id)
  if (!c) {
    c = lazy(() => withTimeout(cmd.view!(), CHUNK_TIMEOUT_MS))
    cache.set(cmd.id, c)
  }
  return c
}

export function Spinner({ label = '加载中…', hold = false }: { label?: string; hold?: boolean }) {
  // A form page on its way keeps the keys typed meanwhile for its form (when a command opened it).
  useKeyHold(hold)
  return (
    <div className="page-loading" data-testid="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

class Boundary extends Component<{ onRetry: () => void; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null }
  static getDerivedStateFromError(error: Error) { return { error } }
  override componentDidCatch(error: Error) { console.error('[screen] failed to load or render', error) }
  override render() {
    if (!this.state.error) return this.props.children
    return (
      <div className="page-error" data-testid="page-error" role="alert">
        <p>页面加载失败</p>
        <button type="button" className="btn btn-primary" data-testid="page-retry" onClick={this.props.onRetry}>重试</button>
      </div>
    )
  }
}

/** A routed form (…/create, …/edit, the same convention the guard uses): a surface the keyboard waits for. */
const isFormPage = (path: string | undefined) => /\/(create|edit)$/.test(path ?? '')

export function ScreenView({ cmd }: { cmd: Command }) {
  const [attempt, setAttempt] = useState(0)
  const Screen = lazyScreen(cmd)
  const retry = () => { cache.delete(cmd.id); setAttempt((n) => n + 1) }
  return (
    <Boundary key={attempt} onRetry={retry}>
      <Suspense fallback={<Spinner hold={isFormPage(cmd.path)} />}>
        {/* Mounted with the screen itself (its chunk loaded): what a test waits for before the screen's calls. */}
        <div className="screen-root" data-testid="screen" data-path={cmd.path ?? cmd.id}>
          <Screen />
        </div>
      </Suspense>
    </Boundary>
  )
}

/** Wraps a lazily loaded shell page (login) in the same spinner and failure handling. */
export function LazyPage({ load, id }: { load: () => Promise<{ default: ComponentType }>; id: string }) {
  return <ScreenView cmd={{ id, title: id, view: load }} />
}
