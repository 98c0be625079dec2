// 商户管理: merchants (create/edit in a dialog, delete only without history) and their quota — 增减额度 as a palette flow
// (merchant → type → amount → remark → preview), or on the focused merchant (q); 额度记录 of a merchant (b).
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { one, postOnce } from '../core/ops'
import { refreshList } from '../core/context'
import type { ArgChoice, CommandArg, CommandContext } from '../core/command'
import { centsText, toCents } from '../contract/money'
import { QUOTA_TYPE } from '../contract/enums'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import type { Merchant } from '../contract/merchant'
import { crud } from './crud'

const forms = () => import('../views/merchant/merchant-form')

/** Merchants found by code or name, remembered for the preview (name and current quota). */
const seen = new Map<string, Merchant>()
async function merchants(query: string): Promise<ArgChoice[]> {
  const q = query.trim()
  const page = await api.merchant.index({ per_page: 20, ...(q ? (/^[A-Za-z0-9_-]+$/.test(q) ? { code: q } : { name: q }) : {}) }, { silent: true, spinner: true })
  return page.items.map((m) => {
    seen.set(String(m.id), m)
    return { value: String(m.id), label: `${m.name}（${m.code}）`, hint: `额度 ${m.quota}${m.status === 0 ? ' 已停用' : ''}` }
  })
}

const quotaArgs: CommandArg[] = [
  { name: 'type', title: '类型', choices: () => [{ value: '21', label: QUOTA_TYPE[21], hint: '平台 → 商户' }, { value: '22', label: QUOTA_TYPE[22], hint: '商户 → 平台' }] },
  { name: 'amount', title: '金额（元）', placeholder: '如 10000', validate: (v) => ((toCents(v) ?? 0) > 0 ? null : '请输入大于 0 的金额，最多两位小数') },
  { name: 'remark', title: '备注（必填）', placeholder: '如 商户预存', validate: (v) => (v.trim() ? null : '请填写备注') },
]

function preview(m: Merchant | undefined, ctx: CommandContext) {
  const add = String(ctx.args.type) === '21'
  const cents = toCents(String(ctx.args.amount)) ?? 0
  const now = toCents(m?.quota ?? '0') ?? 0
  const after = add ? now + cents : now - cents
  return {
    title: `${add ? '增加' : '减少'}额度：${m ? m.name : `#${ctx.args.merchant}`}`, okText: add ? '增加额度' : '减少额度', danger: !add,
    lines: [`${QUOTA_TYPE[add ? 21 : 22]} ${centsText(cents)} 元（${add ? '平台额度 → 商户' : '商户 → 平台额度'}）`,
      `商户额度 ${centsText(now)} → ${centsText(after)} 元${after < 0 ? '（超过当前额度，服务器会拒绝）' : ''}`, `备注：${String(ctx.args.remark).trim()}`],
  }
}

async function moveQuota(merchantId: unknown, ctx: CommandContext) {
  const out = await postOnce(API.merchant.addQuota, {
    merchant_id: Number(merchantId), type: Number(ctx.args.type) as 21 | 22, amount: String(ctx.args.amount).trim(), remark: String(ctx.args.remark).trim(),
  })
  refreshList(MENU.merchants)
  refreshList(MENU.bills)
  return out
}

/** The merchant list's screen, create, edit and delete; the bills' screen stands after its screen, as in the menu. */
const [merchantList, ...merchantRows] = crud({
  list: MENU.merchants, noun: '商户', keywords: ['merchant', 'shanghu'],
  open: { id: 'merchant.merchantList', title: '商户列表', view: () => import('../views/merchant/merchants') },
  create: { id: 'merchant.createMerchant', form: async () => (await forms()).merchantForm() },
  edit: { id: 'merchant.editMerchant', form: async (row) => (await forms()).merchantForm(row) },
  remove: {
    id: 'merchant.deleteMerchants', endpoint: API.merchant.delete, line: (r) => `${r.name}（${r.code}）额度 ${r.quota}`,
    notes: ['有额度、额度记录或充值记录的商户不能删除，请改为停用'],
  },
})

defineCommands([
  merchantList,
  { id: 'merchant.billList', title: '额度记录', keywords: ['quota', 'bill', 'edu', 'jilu'], menu: MENU.bills, path: MENU.bills, view: () => import('../views/merchant/bills') },
  ...merchantRows,
  {
    id: 'merchant.adjustQuota', title: '增减商户额度', keywords: ['quota', 'edu', 'zengjia', 'jianshao', 'merchant'], menu: MENU.merchants, action: 'U', hotkey: 'alt+q',
    args: [{ name: 'merchant', title: '商户', placeholder: '输入商户编码或名称…', search: (q) => merchants(q) }, ...quotaArgs],
    confirm: (ctx) => preview(seen.get(String(ctx.args.merchant)), ctx),
    run: (ctx) => moveQuota(ctx.args.merchant, ctx),
  },
  {
    id: 'merchant.quotaOfRow', title: '增减额度', keywords: ['quota', 'edu'], menu: MENU.merchants, action: 'U', hotkey: 'q',
    on: 'rows', list: MENU.merchants, when: (ctx) => one(ctx.rows), args: quotaArgs,
    confirm: (ctx) => preview(ctx.rows[0] as unknown as Merchant, ctx),
    run: (ctx) => moveQuota(ctx.rows[0].id, ctx),
  },
  {
    id: 'merchant.billsOfRow', title: '查看额度记录', keywords: ['quota', 'bill', 'jilu'], menu: MENU.bills, hotkey: 'b',
    on: 'rows', list: MENU.merchants, when: (ctx) => one(ctx.rows),
    run: (ctx) => ctx.navigate(`${MENU.bills}?merchant_id=${ctx.rows[0].id}`),
  },
])
