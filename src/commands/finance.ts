// 财务管理: the money screens and their operations — approve/reject withdrawals and confirm/fail recharges on the
// focused or selected rows with a preview of the money, and manual top-up, deduction and gift money as palette flows
// (member → amount → remark → preview), each confirmed operation sent once under its own idempotency key.
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { eachOnce, lines, postOnce } from '../core/ops'
import { refreshList } from '../core/context'
import type { ArgChoice, CommandContext, Row } from '../core/command'
import { centsText, toCents } from '../contract/money'
import { MANUAL_TYPE } from '../contract/finance'
import type { MemberSuggestion } from '../contract/member'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import { named, remarkArg, sum, waiting } from './finance-args'


/** Members found by the suggestions, remembered so a preview can name them and their balance. */
const seen = new Map<string, MemberSuggestion>()
async function members(query: string, by: 'id' | 'username' = 'id'): Promise<ArgChoice[]> {
  const rows = await api.member.suggest({ username: query.trim() }, { silent: true })
  return rows.map((m) => {
    seen.set(String(m.id), m)
    return { value: by === 'id' ? String(m.id) : m.username, label: m.username, hint: `${m.real_name || m.nickname || ''} 余额 ${m.balance}${m.status === 0 ? ' 已禁用' : ''}`.trim() }
  })
}

const amountArg = { name: 'amount', title: '金额（元）', placeholder: '如 100 或 100.50', validate: (v: string) => ((toCents(v) ?? 0) > 0 ? null : '请输入大于 0 的金额，最多两位小数') }

/** A palette flow for one member: member → amount → remark → preview → once. */
function manual(id: string, type: 6 | 7 | 8, hotkey: string, menu: string, keywords: string[]) {
  const title = type === 6 ? '人工加款' : type === 7 ? '赠送彩金' : '人工扣款'
  return {
    id, title, keywords, menu, action: 'C' as const, hotkey,
    args: [{ name: 'member', title: '会员', placeholder: '输入用户名前缀…', search: (q: string) => members(q) }, amountArg, remarkArg()],
    confirm: (ctx: CommandContext) => {
      const m = seen.get(String(ctx.args.member))
      const cents = toCents(String(ctx.args.amount)) ?? 0
      const bal = toCents(m?.balance ?? '0') ?? 0
      const after = type === 8 ? bal - cents : bal + cents
      return {
        title: `${title}：${m?.username ?? `#${ctx.args.member}`}`, okText: title, danger: type === 8,
        lines: [`${MANUAL_TYPE[type]} ${centsText(cents)} 元（${type === 7 ? '彩金账户' : '人工调账账户'} ${type === 8 ? '←' : '→'} 会员可用余额）`,
          `可用余额 ${centsText(bal)} → ${centsText(after)} 元${after < 0 ? '（余额不足，服务器会拒绝）' : ''}`, `备注：${String(ctx.args.remark).trim()}`],
      }
    },
    run: async (ctx: CommandContext) => {
      const answer = await postOnce(API.giftmoney.create, {
        member_id: Number(ctx.args.member), type, amount: String(ctx.args.amount).trim(), remark: String(ctx.args.remark).trim(), confirm: true,
      })
      refreshList(type === 7 ? MENU.gift : MENU.manual)
      refreshList(MENU.balance)
      return answer
    },
  }
}


defineCommands([
  { id: 'finance.manualList', title: '人工充值扣款', keywords: ['manual', 'rengong', 'jiakuan', 'koukuan'], menu: MENU.manual, path: MENU.manual, view: () => import('../views/finance/manual') },
  { id: 'finance.giftList', title: '彩金赠送', keywords: ['gift', 'caijin'], menu: MENU.gift, path: MENU.gift, view: () => import('../views/finance/manual').then((m) => ({ default: m.GiftScreen })) },
  { id: 'finance.rechargeList', title: '充值记录', keywords: ['recharge', 'chongzhi'], menu: MENU.recharge, path: MENU.recharge, view: () => import('../views/finance/recharges') },
  { id: 'finance.withdrawList', title: '提现记录', keywords: ['withdraw', 'tixian'], menu: MENU.withdraw, path: MENU.withdraw, view: () => import('../views/finance/withdrawals') },
  { id: 'finance.balanceList', title: '账变记录', keywords: ['balance', 'zhangbian'], menu: MENU.balance, path: MENU.balance, view: () => import('../views/finance/balance') },
  { id: 'finance.balanceDemoList', title: '试玩账变记录', keywords: ['balance', 'demo', 'shiwan'], menu: MENU.balanceDemo, path: MENU.balanceDemo, view: () => import('../views/finance/balance').then((m) => ({ default: m.BalanceDemoScreen })) },
  {
    id: 'finance.pendingWithdrawals', title: '待审核提现', keywords: ['withdraw', 'pending', 'shenhe', 'tixian'], menu: MENU.withdraw, hotkey: 'alt+w',
    run: (ctx) => ctx.navigate(`${MENU.withdraw}?status=3&sort=waiting`),
  },
  {
    id: 'finance.secondReviews', title: '待复核提现', keywords: ['withdraw', 'review', 'fuhe', 'tixian'], menu: MENU.withdraw, hotkey: 'alt+v',
    run: (ctx) => ctx.navigate(`${MENU.withdraw}?review_stage=second`),
  },
  {
    id: 'finance.pendingRecharges', title: '待支付充值', keywords: ['recharge', 'pending', 'chongzhi'], menu: MENU.recharge, hotkey: 'alt+r',
    run: (ctx) => ctx.navigate(`${MENU.recharge}?status=3`),
  },
  {
    id: 'finance.confirmRecharge', title: '确认到账', keywords: ['confirm', 'queren', 'chongzhi', 'daozhang'], menu: MENU.recharge, action: 'U', hotkey: 'c',
    on: 'rows', list: MENU.recharge, when: (ctx) => waiting(ctx.rows).length > 0,
    confirm: (ctx) => {
      const rows = waiting(ctx.rows)
      return {
        title: `确认 ${rows.length} 笔充值到账，共 ${sum(rows)} 元`, okText: '确认到账',
        lines: [...lines(rows, (r) => `${r.order_no} ${r.username} ${r.amount} 元${r.merchant_name ? `（消耗 ${r.merchant_name} 额度）` : ''}`),
          '从充值入账账户计入会员可用余额，并累计充值、自动升级'],
      }
    },
    run: async (ctx) => {
      const rows = waiting(ctx.rows)
      return eachOnce(rows, API.recharge.edit, (r) => ({ id: Number(r.id), status: 1 }), { title: '确认到账', name: named, list: MENU.recharge })
    },
  },
  {
    id: 'finance.failRecharge', title: '充值失败', keywords: ['fail', 'shibai', 'chongzhi'], menu: MENU.recharge, action: 'U', hotkey: 'f',
    on: 'rows', list: MENU.recharge, when: (ctx) => waiting(ctx.rows).length > 0,
    args: [{ name: 'remark', title: '原因（可选）', optional: true, placeholder: '如 未收到款项' }],
    confirm: (ctx) => {
      const rows = waiting(ctx.rows)
      return { title: `将 ${rows.length} 笔充值置为失败`, okText: '置为失败', danger: true, lines: [...lines(rows, (r) => `${r.order_no} ${r.username} ${r.amount} 元`), '不会有任何资金变动'] }
    },
    run: async (ctx) => {
      const rows = waiting(ctx.rows)
      return eachOnce(rows, API.recharge.edit, (r) => ({ id: Number(r.id), status: 2, remark: String(ctx.args.remark ?? '').trim() }),
        { title: '充值失败', name: named, list: MENU.recharge })
    },
  },
  manual('finance.manualAdd', 6, 'alt+j', MENU.manual, ['manual', 'add', 'jiakuan', 'chongzhi']),
  manual('finance.manualSub', 8, 'alt+k', MENU.manual, ['manual', 'deduct', 'koukuan']),
  manual('finance.giftMoney', 7, 'alt+g', MENU.gift, ['gift', 'caijin', 'zengsong']),
  {
    id: 'finance.giftMany', title: '批量赠送彩金', keywords: ['gift', 'batch', 'piliang', 'caijin'], menu: MENU.gift, action: 'C',
    run: async () => {
      const out = await (await import('../views/finance/gift-batch')).giftBatch()
      refreshList(MENU.gift)
      return out
    },
  },
  {
    id: 'finance.findBalance', title: '查看会员账变', keywords: ['balance', 'history', 'zhangbian', 'chazhao'], menu: MENU.balance, hotkey: 'alt+b',
    args: [{ name: 'username', title: '会员', placeholder: '输入用户名前缀…', search: (q: string) => members(q, 'username') }],
    run: (ctx) => ctx.navigate(`${MENU.balance}?username=${encodeURIComponent(String(ctx.args.username))}`),
  },
])
