// The member drawer's 风控 section: risk level, tags, withdrawal freeze and registration device, the risk commands as
// buttons acting on this member, and its newest notes with author and time.
import { useSnapshot } from 'valtio'
import type { MemberDetail } from '../../contract/member'
import type { Row } from '../../core/command'
import { commandContext, getCommand, isApplicable, isPermitted } from '../../core/registry'
import { invokeCommand } from '../../core/invoke'
import { menuList, sessionState } from '../../core/session'
import { FieldList } from '../kit/drawer'
import { BlockedMark, RiskLevelTag, TagChip } from '../risk/cells'

/** The commands the drawer offers, in this order, each shown when the admin may run it on this member now. */
const ACTIONS = ['member.setTags', 'member.addNote', 'member.waiveTurnover', 'member.unblockWithdraw']

function MemberActions({ row }: { row: Row }) {
  useSnapshot(sessionState)
  const args = { rows: [row] }
  const shown = ACTIONS.map((id) => getCommand(id)).filter((c) => c && isPermitted(c, menuList()) && isApplicable(c, commandContext(args, c)))
  if (!shown.length) return null
  return (
    <div className="mb-actions" role="group" aria-label="风控操作">
      {shown.map((c) => (
        <button key={c!.id} type="button" className="kit-btn" data-command={c!.id} onClick={() => void invokeCommand(c!.id, args)}>{c!.title}</button>
      ))}
    </div>
  )
}

export function RiskSection({ m }: { m: MemberDetail }) {
  return (
    <section className="mb-section" data-testid="member-risk-section">
      <h3>风控</h3>
      <FieldList row={m as unknown as Row} fields={[
        { key: 'risk_level', title: '风险等级', render: () => (m.risk_level > 0 ? <RiskLevelTag level={m.risk_level} /> : '正常') },
        { key: 'tags', title: '标签', render: () => (m.tags.length ? <span className="rk-marks" data-testid="member-tags">{m.tags.map((t) => <TagChip key={t.id} tag={t} />)}</span> : <span className="kit-muted">无标签</span>) },
        { key: 'withdraw_blocked', title: '提现', render: () => (m.withdraw_blocked ? <BlockedMark /> : '正常') },
        { key: 'register_device', title: '注册设备' },
      ]} />
      <MemberActions row={m as unknown as Row} />
      <h4 className="mb-sub">最新备注</h4>
      {!m.notes.length ? <p className="kit-muted">暂无备注</p> : (
        <ul className="mb-notes" data-testid="member-notes">
          {m.notes.map((n) => (
            <li key={n.id}>
              <p>{n.text}</p>
              <span className="kit-muted">{n.admin} · {n.created_at}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
