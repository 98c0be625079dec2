// The text `npm run audit:verify` prints: what was checked, every chain's head (to be recorded elsewhere), each break.
import type { AuditReport, ChainBreak } from '../../contract/audit'

const where = (b: ChainBreak) => [b.table && `表 ${b.table}`, `链 ${b.chain}`, b.id !== null && `id ${b.id}`, b.seq !== null && `序号 ${b.seq}`]
  .filter(Boolean).join('，')

export function formatReport(r: AuditReport, source: string): string {
  const out = [`审计校验 ${r.checked_at}（${source}）`, '']
  for (const t of r.tables) {
    const chains = r.chains.filter((c) => c.table === t.table)
    const rows = chains.reduce((n, c) => n + c.rows, 0)
    out.push(`表 ${t.table}：链上记录 ${rows} 条，链 ${chains.length} 条，不属于任何链的记录 ${t.unchained} 条` +
      (t.unchained ? `（id ${t.unchained_ids.join('、')}${t.unchained > t.unchained_ids.length ? ' 等' : ''}）` : ''))
  }
  out.push('', '链头（请另行保存，下次校验时对比）：')
  const width = Math.max(4, ...r.chains.map((c) => c.chain.length))
  for (const c of r.chains) {
    const head = c.head ? `seq ${String(c.head.seq).padEnd(8)} ${c.head.hash}` : '（无链头）'
    out.push(`  ${c.chain.padEnd(width)}  记录 ${String(c.rows).padEnd(8)} ${head}  ${c.break ? '断裂' : '通过'}`)
  }
  const breaks = [...r.chains.flatMap((c) => (c.break ? [c.break] : [])), ...r.orphans]
  if (breaks.length) out.push('', '断裂（每条链的第一处）：', ...breaks.map((b) => `  ${where(b)}：${b.problem}`))
  if (r.recorded) out.push('', `已与另行保存的 ${r.recorded} 个链头对比。`)
  out.push('', r.ok ? '结果：通过' : `结果：未通过（${breaks.length} 处断裂，${r.tables.reduce((n, t) => n + t.unchained, 0)} 条记录不属于任何链）`)
  return out.join('\n')
}
