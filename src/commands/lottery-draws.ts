// 开奖记录's operations: 人工开奖 (a result before settlement, previewed with what it pays out), 取消本期 (previewed
// with what it refunds and reverses; refused when a winner has spent the payout) and 验证 (recomputed in the browser).
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { refreshList } from '../core/context'
import { confirm } from '../core/dialogs'
import type { Row } from '../core/command'
import { MENU } from '../contract/menus'
import { parseResult, type Draw } from '../contract/lottery'
import { MONEY_CLASS } from '../contract/ledger'
import { cancelled, one } from '../core/ops'

const money = (v: string) => v.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
const title = (r: Row) => `第 ${r.issue_no} 期（${r.room_name}）`

const detail = (row: Row, q: { result?: string; cancel?: number }) => api.draws.show({ id: Number(row.id), ...q })

defineCommands([
  {
    id: 'lottery.setManualResult', title: '人工开奖', keywords: ['manual', 'result', 'rengong', 'kaijiang'], menu: MENU.draws, action: 'U',
    on: 'rows', list: MENU.draws, hotkey: 'shift+m', when: (ctx) => one(ctx.rows) && (ctx.rows[0].status === 1 || ctx.rows[0].status === 2),
    args: [
      { name: 'result', title: '开奖结果', placeholder: '三个数字，如 3,5,8', validate: (v) => (parseResult(v) ? null : '请输入三个 0-9 的数字，如 3,5,8') },
      { name: 'remark', title: '原因', placeholder: '人工开奖的原因（记入操作日志）', validate: (v) => (v.trim() ? null : '请填写原因') },
    ],
    run: async (ctx) => {
      const row = ctx.rows[0]
      const result = parseResult(String(ctx.args.result))!.join(',')
      const d = await detail(row, { result })
      const p = d.preview!
      const winning = d.lines.filter((l) => l.wins)
      const ok = await confirm({
        title: `人工开奖：${title(row)}`, okText: '确认开奖', danger: true,
        lines: [
          `开奖结果设为 ${result}（和值 ${p.sum}：${p.tags.join(' ')}）${row.result ? `，原为 ${row.result}` : ''}`,
          `真实会员：中奖 ${p.winners} 注，将派彩 ${money(p.payout)} 元（本期投注 ${money(d.bet_amount)} 元）`,
          ...winning.slice(0, 8).map((l) => `　${l.name}${l.number !== null ? ` ${l.number}` : ''}：${l.bet_count} 注，投注 ${money(l.stake)}，派彩 ${money(l.would_pay ?? '0.00')}`),
          ...d.by_money.filter((m) => m.money !== 0).map((m) => `${MONEY_CLASS[m.money]}派彩 ${money(m.would_pay ?? '0.00')} 元（不计入财务统计）`),
          row.status === 1 ? '本期到开奖时间时按此结果开奖并结算' : '本期将按此结果结算',
          '结算前仍可再改；结算后只能取消本期。本期标记为人工开奖，操作记入日志',
        ],
      })
      if (!ok) throw cancelled()
      const out = await api.draws.edit({ id: Number(row.id), result, remark: String(ctx.args.remark).trim() })
      refreshList(MENU.draws)
      return out
    },
  },
  {
    id: 'lottery.cancelDraw', title: '取消本期', keywords: ['cancel', 'draw', 'quxiao', 'chedan'], menu: MENU.draws, action: 'U',
    on: 'rows', list: MENU.draws, when: (ctx) => one(ctx.rows) && ctx.rows[0].status !== 4,
    args: [{ name: 'remark', title: '取消原因', placeholder: '取消本期的原因（记入操作日志）', validate: (v) => (v.trim() ? null : '请填写原因') }],
    run: async (ctx) => {
      const row = ctx.rows[0]
      const d = await detail(row, { cancel: 1 })
      const c = d.cancel_preview!
      if (c.short.length) {
        throw new Error(`无法取消${title(row)}：${c.short.map((s) => `${s.username} 需 ${s.need} 元，余额 ${s.balance} 元`).join('；')}——派彩已被用掉，不能冲正`)
      }
      const ok = await confirm({
        title: `取消本期：${title(row)}`, okText: '取消本期', danger: true,
        lines: [
          `退还真实会员投注 ${money(c.refund)} 元（${c.bets} 注，账变类型 认购，备注 撤单退款）`,
          ...(row.status === 3 ? [`冲正已派彩 ${money(c.reverse)} 元（账变类型 匹配成功，备注 撤单冲正）`, '每位会员回到本期开奖前的余额'] : []),
          ...d.by_money.filter((m) => m.money !== 0).map((m) => `${MONEY_CLASS[m.money]}：${m.bet_count} 注一并退还`),
          '取消后不可恢复，操作记入日志',
        ],
      })
      if (!ok) throw cancelled()
      const out = await api.draws.edit({ id: Number(row.id), status: 4, remark: String(ctx.args.remark).trim() })
      refreshList(MENU.draws)
      return out
    },
  },
  {
    id: 'lottery.verifyDraw', title: '验证开奖', keywords: ['verify', 'fair', 'yanzheng'], menu: MENU.draws, action: 'R',
    on: 'rows', list: MENU.draws, hotkey: 'shift+y', when: (ctx) => one(ctx.rows) && /^[0-9a-f]{64}$/.test(String(ctx.rows[0].seed ?? '')),
    run: async (ctx) => {
      await (await import('../views/lottery/verify-dialog')).showVerify(ctx.rows[0] as unknown as Draw)
      return null
    },
  },
])
