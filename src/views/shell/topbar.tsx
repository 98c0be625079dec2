// The top bar: current product and its switcher, the palette button, the admin's menu.
import { useSnapshot } from 'valtio'
import { consoleState } from '../../core/context'
import { invokeCommand } from '../../core/invoke'
import { openPalette } from '../../core/overlays'
import { UserMenu } from './user-menu'

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

export function Topbar() {
  const { product, products } = useSnapshot(consoleState)
  const codes = Object.keys(products)
  return (
    <header className="topbar" data-testid="topbar">
      <div className="topbar-product">
        <span className="muted">当前产品</span>
        <strong data-testid="current-product" data-product={product}>{products[product] ?? product ?? ''}</strong>
        {codes.length > 0 && (
          <select
            className="product-switcher"
            aria-label="切换产品"
            data-testid="product-switcher"
            value={product}
            disabled={codes.length < 2}
            onChange={(e) => void invokeCommand('product.switchProduct', { pro: e.target.value })}
          >
            {codes.map((c) => <option key={c} value={c}>{products[c]}</option>)}
          </select>
        )}
      </div>
      <button type="button" className="palette-button" data-testid="palette-button" onClick={() => openPalette()}>
        <span>搜索命令…</span><kbd>{isMac ? '⌘ K' : 'Ctrl K'}</kbd>
      </button>
      <UserMenu />
    </header>
  )
}
