// What every screen showing a member marks it with: its risk level (when above 正常) as a coloured tag, its tags as
// small chips in their own colours, and 冻结提现 while its withdrawals are frozen. `MemberRisk` takes the row as it
// comes (member, withdrawal or recharge lists): row.risk_level, row.tags, row.withdraw_blocked.
import type { ReactNode } from 'react'
import type { Row } from '../../core/command'
import type { ColumnSpec } from '../kit/types'
import type { MemberTag } from '../../contract/risk'
import { RISK_LEVEL } from '../../contract/risk'
import './risk.css'

const tagsOf = (row: Row): MemberTag[] => (Array.isArray(row.tags) ? (row.tags as MemberTag[]) : [])

export function RiskLevelTag({ level }: { level: number }) {
  if (!(level > 0)) return null
  return <span className={`rk-level rk-level-${level}`} data-testid="risk-level">{RISK_LEVEL[level] ?? level}</span>
}

/** One tag as a chip: its colour as border and text on a faint wash of it (no colour: grey). */
export function TagChip({ tag }: { tag: MemberTag }) {
  const style = tag.color ? { borderColor: tag.color, color: tag.color, background: `${tag.color}14` } : undefined
  return <span className="rk-chip" style={style} title={`风险等级：${RISK_LEVEL[tag.risk_level] ?? tag.risk_level}`} data-testid="tag-chip">{tag.name}</span>
}

export const BlockedMark = () => <span className="rk-blocked" data-testid="withdraw-blocked">冻结提现</span>

/** The member's marks; nothing at all for a 正常 member without tags and not frozen. */
export function MemberRisk({ row }: { row: Row }): ReactNode {
  const level = Number(row.risk_level ?? 0)
  const tags = tagsOf(row)
  if (!(level > 0) && !tags.length && !row.withdraw_blocked) return null
  return (
    <span className="rk-marks" data-testid="member-risk">
      <RiskLevelTag level={level} />
      {tags.map((t) => <TagChip key={t.id} tag={t} />)}
      {row.withdraw_blocked ? <BlockedMark /> : null}
    </span>
  )
}

/** The same marks as text (CSV, the copy of a row): `高风险 · 关注、VIP · 冻结提现`. */
export function memberRiskText(row: Row): string {
  const level = Number(row.risk_level ?? 0)
  return [level > 0 ? RISK_LEVEL[level] : '', tagsOf(row).map((t) => t.name).join('、'), row.withdraw_blocked ? '冻结提现' : '']
    .filter(Boolean).join(' · ')
}

/** The 风险 column any list of member rows adds. */
export const riskColumn = (width = 200): ColumnSpec => ({ key: 'risk_level', title: '风险', width, render: (r) => <MemberRisk row={r} />, text: memberRiskText })
