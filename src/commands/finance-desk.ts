// The withdrawal review desk's operations on the focused or selected rows of 提现记录: claim (c) and release, approve
// (a) and reject (r) with a reason from the finance setting withdraw_reject_reasons, a remark and optionally freezing
// the member's withdrawals. A row another admin holds is refused by the server (409 naming them); a super admin takes
// it over after a confirm step that says so. Every decision is sent once under its own idempotency key.
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { eachOnce, lines } from '../core/ops'
import { refreshList } from '../core/context'
import { sessionState } from '../core/session'
import type { ArgChoice, Row } from '../core/command'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import { named, remarkArg, sum, waiting } from './finance-args'

const me = () => sessionState.user?.username ?? ''
const isSuper = () => sessionState.user?.permissions.includes('*') ?? false
/** Held by another admin now (a claim not yet expired, as the list showed it). */
const heldByOther = (r: Row) => Boolean(r.claimed_by) && Boolean(r.claim_expires_at) && r.claimed_by !== me()
/** Withdrawals the caller may approve now: under review, and not already first-approved by the caller. */
const approvable = (rows: Row[]) => waiting(rows).filter((r) => !(r.review_stage === 'second' && r.first_review_admin === me()))
const force = (rows: Row[]) => isSuper() && rows.some(heldByOther)
const takeover = (rows: Row[]) => (force(rows) ? [`接管 ${rows.filter(heldByOther).map((r) => `${r.order_no}（${r.claimed_by} 认领中）`).join('、')}，将记入操作日志`] : [])

/** The labelled reasons of the finance setting, as the withdrawal list answers them. */
async function reasons(): Promise<ArgChoice[]> {
  const answer = await api.withdraw.index({ status: 3, per_page: 1 }, { silent: true })
  return answer.reject_reasons.map((r) => ({ value: r.code, label: r.label, hint: r.code }))
}
const FREEZE: ArgChoice[] = [{ value: '0', label: '不冻结' }, { value: '1', label: '冻结该会员提现', hint: '会员的提现申请将被拒绝，直到在会员管理中解除' }]

defineCommands([
  {
    id: 'finance.claimWithdraw', title: '认领提现', keywords: ['claim', 'renling', 'tixian'], menu: MENU.withdraw, action: 'U', hotkey: 'c',
    on: 'rows', list: MENU.withdraw, when: (ctx) => waiting(ctx.rows).length > 0,
    confirm: (ctx) => {
      const rows = waiting(ctx.rows)
      return force(rows) ? { title: `接管 ${rows.length} 笔提现的认领`, okText: '接管', danger: true, lines: takeover(rows) } : null
    },
    run: async (ctx) => {
      const rows = waiting(ctx.rows)
      return eachOnce(rows, API.withdraw.claim, (r) => ({ id: Number(r.id), ...(force([r]) ? { force: true } : {}) }),
        { title: '认领提现', name: named, list: MENU.withdraw })
    },
  },
  {
    id: 'finance.releaseWithdraw', title: '放弃认领', keywords: ['release', 'fangqi', 'renling'], menu: MENU.withdraw, action: 'U',
    on: 'rows', list: MENU.withdraw, when: (ctx) => waiting(ctx.rows).some((r) => r.claimed_by === me() || (isSuper() && r.claimed_by)),
    run: async (ctx) => eachOnce(waiting(ctx.rows).filter((r) => r.claimed_by), API.withdraw.release, (r) => ({ id: Number(r.id) }),
      { title: '放弃认领', name: named, list: MENU.withdraw }),
  },
  {
    id: 'finance.approveWithdraw', title: '通过提现', keywords: ['approve', 'tongguo', 'tixian'], menu: MENU.withdraw, action: 'U', hotkey: 'a',
    on: 'rows', list: MENU.withdraw, when: (ctx) => approvable(ctx.rows).length > 0,
    confirm: (ctx) => {
      const rows = approvable(ctx.rows)
      const skipped = ctx.rows.length - rows.length
      const stage = (r: Row) => (!r.needs_double_review ? '' : r.review_stage === 'second' ? `（复核：${r.first_review_admin} 已初审，通过后出款）` : '（双人复核：本次为初审，不出款）')
      return {
        title: `通过 ${rows.length} 笔提现，共 ${sum(rows)} 元`, okText: '通过',
        lines: [...lines(rows, (r) => `${named(r)} 金额 ${r.amount} 手续费 ${r.fee} 实付 ${r.actual_amount}${stage(r)}`),
          `实付合计 ${sum(rows, 'actual_amount')} 元，手续费合计 ${sum(rows, 'fee')} 元`, ...takeover(rows),
          ...(skipped ? [`跳过 ${skipped} 笔：已处理或需要另一位管理员复核`] : [])],
      }
    },
    run: async (ctx) => eachOnce(approvable(ctx.rows), API.withdraw.edit, (r) => ({ id: Number(r.id), status: 1, ...(force([r]) ? { force: true } : {}) }),
      { title: '通过提现', name: named, list: MENU.withdraw }),
  },
  {
    id: 'finance.rejectWithdraw', title: '驳回提现', keywords: ['reject', 'bohui', 'tixian'], menu: MENU.withdraw, action: 'U', hotkey: 'r',
    on: 'rows', list: MENU.withdraw, when: (ctx) => waiting(ctx.rows).length > 0,
    args: [
      { name: 'reason_code', title: '驳回原因', choices: reasons },
      remarkArg('说明（必填，会员可见的驳回理由）'),
      { name: 'freeze', title: '冻结提现', choices: () => FREEZE },
    ],
    confirm: (ctx) => {
      const rows = waiting(ctx.rows)
      const freeze = String(ctx.args.freeze) === '1'
      return {
        title: `驳回 ${rows.length} 笔提现，退回 ${sum(rows)} 元`, okText: freeze ? '驳回并冻结' : '驳回', danger: true,
        lines: [...lines(rows, (r) => `${named(r)} 退回 ${r.amount} 元到可用余额`), `原因：${String(ctx.args.reason_code)} · ${String(ctx.args.remark).trim()}`,
          ...(freeze ? [`冻结 ${new Set(rows.map((r) => r.username)).size} 个会员的提现`] : []), ...takeover(rows)],
      }
    },
    run: async (ctx) => {
      const out = await eachOnce(waiting(ctx.rows), API.withdraw.edit, (r) => ({
        id: Number(r.id), status: 2, remark: String(ctx.args.remark).trim(), reason_code: String(ctx.args.reason_code),
        ...(String(ctx.args.freeze) === '1' ? { freeze: true } : {}), ...(force([r]) ? { force: true } : {}),
      }), { title: '驳回提现', name: named, list: MENU.withdraw })
      refreshList(MENU.member)
      return out
    },
  },
])
