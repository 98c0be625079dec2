// The live count beside a page's entry (待审核提现, 待支付充值) in the sidebar and the palette, from the events
// stream; a collapsed sidebar group shows the sum of its pages' counts.
import { useSnapshot } from 'valtio'
import { badgeOf, liveState } from '../../core/events'

export function CountBadge({ paths, group }: { paths: (string | undefined)[]; group?: string }) {
  const { counts } = useSnapshot(liveState)
  const found = paths.map((p) => badgeOf(p, counts)).filter((b) => b !== null)
  if (!found.length) return null
  const n = found.reduce((s, b) => s + b.n, 0)
  const title = found.map((b) => b.title).join('；')
  return (
    <span className="count-badge" data-testid="count-badge" data-path={group ? undefined : paths[0]} data-group={group} title={title} aria-label={title}>
      {n > 99 ? '99+' : n}
    </span>
  )
}
