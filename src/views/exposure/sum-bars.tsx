// The largest payout by digit sum 0–27 as bars (SVG: attributes, no inline styles), the cap as a line when set.
import { formatMoney } from '../../contract/format'

const W = 18
const H = 120

export function SumBars({ sums, cap }: { sums: { sum: number; payout_max: string }[]; cap: string }) {
  const top = Math.max(1, ...sums.map((s) => Number(s.payout_max)), Number(cap))
  const y = (v: number) => H - (v / top) * H
  return (
    <svg className="ex-bars" viewBox={`0 0 ${sums.length * W} ${H + 16}`} role="img" aria-label="各和值最高赔付" data-testid="exposure-sums">
      {sums.map((s, i) => (
        <g key={s.sum}>
          <rect x={i * W + 2} y={y(Number(s.payout_max))} width={W - 4} height={H - y(Number(s.payout_max))} className="ex-bar">
            <title>{`和值 ${s.sum}：最高赔付 ${formatMoney(s.payout_max)} 元`}</title>
          </rect>
          <text x={i * W + W / 2} y={H + 12} className="ex-bar-label">{s.sum}</text>
        </g>
      ))}
      {Number(cap) > 0 && <line x1={0} x2={sums.length * W} y1={y(Number(cap))} y2={y(Number(cap))} className="ex-cap"><title>{`每期赔付上限 ${formatMoney(cap)} 元`}</title></line>}
    </svg>
  )
}
