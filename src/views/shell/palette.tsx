// The palette host: renders the lazily loaded palette dialog while overlayState.palette is set; prefetches it when idle.
import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { overlayState } from '../../core/overlays'

const load = () => import('./palette-dialog')
const PaletteDialog = lazy(load)

/** Starts loading the palette chunk ahead of the first Ctrl/⌘+K. */
export function prefetchPalette(): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 300))
  idle(() => { load().catch((e) => console.warn('[palette] prefetch failed', e)) })
}

export function Palette() {
  const { palette, argsFor } = useSnapshot(overlayState)
  if (!palette) return null
  return (
    <Suspense fallback={<div className="palette-backdrop" data-testid="palette-loading" />}>
      <PaletteDialog key={argsFor ?? ''} argsFor={argsFor} />
    </Suspense>
  )
}
