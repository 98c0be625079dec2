// The reconciliation's text report for the command line.
import type { LedgerCheck } from '../../contract/member'

export function formatLedgerCheck(r: LedgerCheck, source: string): string {
  const out = [`账务核对：${source}（${r.ms} ms）`]
  for (const l of r.lines) out.push(`  ${l.ok ? '通过' : '不符'}  ${l.name}：检查 ${l.checked} 项${l.ok ? '' : `\n        ${l.detail}`}`)
  out.push(r.ok ? '全部通过。' : '发现不符，见上。')
  return out.join('\n')
}
