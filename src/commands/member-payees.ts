// 银行卡 and 数字钱包: bind, edit, reveal the full number or address (a logged read), delete.
import { defineCommands } from '../core/registry'
import { http } from '../core/http'
import { refreshList } from '../core/context'
import { MEMBER_API, type Card, type Wallet } from '../contract/member'
import { ids, lines, one, orCancel } from './admin-shared'

const C = '/layout/member/banks'
const W = '/layout/member/wallets'
const forms = () => import('../views/member/payee-forms')

defineCommands([
  { id: 'member.cardList', title: '银行卡', keywords: ['card', 'bank', 'yinhangka'], menu: C, path: C, view: () => import('../views/member/cards') },
  {
    id: 'member.bindCard', title: '绑定银行卡', keywords: ['card', 'bind', 'bangding'], menu: C, action: 'C',
    run: async () => {
      const r = orCancel(await (await forms()).cardForm())
      refreshList(C)
      return r
    },
  },
  {
    id: 'member.editCard', title: '编辑银行卡', keywords: ['card', 'edit'], menu: C, action: 'U', on: 'rows', list: C, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const full = await http.get<Card>(`${MEMBER_API.card}/show`, { id: ctx.rows[0].id })
      const r = orCancel(await (await forms()).cardForm(ctx.rows[0], full))
      refreshList(C)
      return r
    },
  },
  {
    id: 'member.revealCard', title: '查看完整卡号', keywords: ['card', 'reveal', 'chakan'], menu: C, action: 'R', on: 'rows', list: C, hotkey: 'v',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const c = await http.get<Card>(`${MEMBER_API.card}/show`, { id: ctx.rows[0].id })
      await (await forms()).revealDialog('完整银行卡号', [['会员', c.username], ['持卡人', c.holder], ['开户银行', `${c.bank_name} ${c.branch}`]], c.card_no.replace(/(\d{4})(?=\d)/g, '$1 '))
    },
  },
  {
    id: 'member.deleteCards', title: '删除银行卡', keywords: ['card', 'delete'], menu: C, action: 'D', on: 'rows', list: C, rowKey: 'delete',
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 张银行卡`, danger: true, okText: '删除', lines: lines(ctx.rows, (r) => `${r.username} ${r.bank_name} ${r.card_no}`) }),
    run: async (ctx) => {
      await http.post(`${MEMBER_API.card}/delete`, { ids: ids(ctx.rows) })
      refreshList(C)
      return { ok: ctx.rows.length, failed: [] }
    },
  },
  { id: 'member.walletList', title: '数字钱包', keywords: ['wallet', 'usdt', 'qianbao'], menu: W, path: W, view: () => import('../views/member/wallets') },
  {
    id: 'member.bindWallet', title: '绑定数字钱包', keywords: ['wallet', 'bind'], menu: W, action: 'C',
    run: async () => {
      const r = orCancel(await (await forms()).walletForm())
      refreshList(W)
      return r
    },
  },
  {
    id: 'member.editWallet', title: '编辑数字钱包', keywords: ['wallet', 'edit'], menu: W, action: 'U', on: 'rows', list: W, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const full = await http.get<Wallet>(`${MEMBER_API.wallet}/show`, { id: ctx.rows[0].id })
      const r = orCancel(await (await forms()).walletForm(ctx.rows[0], full))
      refreshList(W)
      return r
    },
  },
  {
    id: 'member.revealWallet', title: '查看完整地址', keywords: ['wallet', 'reveal', 'chakan'], menu: W, action: 'R', on: 'rows', list: W, hotkey: 'v',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const w = await http.get<Wallet>(`${MEMBER_API.wallet}/show`, { id: ctx.rows[0].id })
      await (await forms()).revealDialog('完整钱包地址', [['会员', w.username], ['链类型', w.chain], ['备注名', w.label || '—']], w.address)
    },
  },
  {
    id: 'member.deleteWallets', title: '删除数字钱包', keywords: ['wallet', 'delete'], menu: W, action: 'D', on: 'rows', list: W, rowKey: 'delete',
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个数字钱包`, danger: true, okText: '删除', lines: lines(ctx.rows, (r) => `${r.username} ${r.chain} ${r.address}`) }),
    run: async (ctx) => {
      await http.post(`${MEMBER_API.wallet}/delete`, { ids: ids(ctx.rows) })
      refreshList(W)
      return { ok: ctx.rows.length, failed: [] }
    },
  },
])
