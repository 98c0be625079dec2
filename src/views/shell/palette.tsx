// The palette host: renders the lazily loaded palette dialog while overlayState.palette is set; prefetches it when idle.
import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { overlayState } from '../../core/overlays'
import { useKeyHold } from '../../core/use-modal'

const load = () => import('./palette-dialog')
const PaletteDialog = lazy(load)

/** Starts loading the palette chunk ahead of the first Ctrl/⌘+K. */
export function prefetchPalette(): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 300))
  idle(() => { load().catch((e) => console.warn('[palette] prefetch failed', e)) })
}

/** Shown while the palette's chunk loads; the keys typed meanwhile wait for its input. */
function PaletteLoading() {
  useKeyHold()
  return <div className="palette-backdrop" data-testid="palette-loading" />
}

export function Palette() {
  const { palette, argsFor } = useSnapshot(overlayState)
  if (!palette) return null
  return (
    <Suspense fallback={<PaletteLoading />}>
      <PaletteDialog key={argsFor ?? ''} argsFor={argsFor} />
    </Suspense>
  )
}
