// 银行卡 and 数字钱包: the same five commands each: list, bind, edit, reveal the full number or address (a logged
// read), delete.
import type { ComponentType } from 'react'
import type { TSchema } from '@sinclair/typebox'
import { defineCommands } from '../core/registry'
import { refreshList } from '../core/context'
import type { Command, Row } from '../core/command'
import { call } from '../core/api'
import { one, orCancel } from '../core/ops'
import type { Endpoint } from '../contract/endpoint'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import type { Card, Wallet } from '../contract/member'
import { crud } from './crud'

type Forms = typeof import('../views/member/payee-forms')
const forms = (): Promise<Forms> => import('../views/member/payee-forms')

interface PayeeSpec<T> {
  list: string; noun: string; unit: string; keywords: string[]
  ids: { list: string; bind: string; edit: string; reveal: string; remove: string }
  /** The bind command's title and keywords. */
  bind: { title: string; keywords: string[] }
  view: () => Promise<{ default: ComponentType }>
  show: Endpoint<TSchema, T>
  remove: Endpoint<TSchema, unknown>
  form: (f: Forms, row?: Row, full?: T) => Promise<unknown | null>
  /** The reveal command's title, the dialog's title, its lines and the full value. */
  reveal: { title: string; keywords: string[]; dialog: string; lines: (x: T) => [string, string][]; secret: (x: T) => string }
  line: (r: Row) => string
}

function payee<T>(p: PayeeSpec<T>): Command[] {
  const L = p.list
  const full = (row: Row) => call(p.show, { id: row.id })
  const [list, edit, remove] = crud({
    list: L, noun: p.noun, unit: p.unit, keywords: p.keywords,
    open: { id: p.ids.list, view: p.view },
    edit: { id: p.ids.edit, form: async (row) => { const x = await full(row); return p.form(await forms(), row, x) } },
    remove: { id: p.ids.remove, endpoint: p.remove, line: p.line },
  })
  const bind: Command = {
    id: p.ids.bind, title: p.bind.title, keywords: p.bind.keywords, menu: L, action: 'C',
    run: async () => {
      const r = orCancel(await p.form(await forms()))
      refreshList(L)
      return r
    },
  }
  const reveal: Command = {
    id: p.ids.reveal, title: p.reveal.title, keywords: p.reveal.keywords, menu: L, action: 'R', on: 'rows', list: L, hotkey: 'v',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const x = await full(ctx.rows[0])
      await (await forms()).revealDialog(p.reveal.dialog, p.reveal.lines(x), p.reveal.secret(x))
    },
  }
  return [list, bind, edit, reveal, remove]
}

defineCommands([
  ...payee<Card>({
    list: MENU.cards, noun: '银行卡', unit: '张', keywords: ['card', 'bank', 'yinhangka'],
    ids: { list: 'member.cardList', bind: 'member.bindCard', edit: 'member.editCard', reveal: 'member.revealCard', remove: 'member.deleteCards' },
    bind: { title: '绑定银行卡', keywords: ['card', 'bind', 'bangding'] },
    view: () => import('../views/member/cards'),
    show: API.card.show, remove: API.card.delete,
    form: (f, row, full) => f.cardForm(row, full),
    reveal: {
      title: '查看完整卡号', keywords: ['card', 'reveal', 'chakan'], dialog: '完整银行卡号',
      lines: (c) => [['会员', c.username], ['持卡人', c.holder], ['开户银行', `${c.bank_name} ${c.branch}`]],
      secret: (c) => c.card_no.replace(/(\d{4})(?=\d)/g, '$1 '),
    },
    line: (r) => `${r.username} ${r.bank_name} ${r.card_no}`,
  }),
  ...payee<Wallet>({
    list: MENU.wallets, noun: '数字钱包', unit: '个', keywords: ['wallet', 'usdt', 'qianbao'],
    ids: { list: 'member.walletList', bind: 'member.bindWallet', edit: 'member.editWallet', reveal: 'member.revealWallet', remove: 'member.deleteWallets' },
    bind: { title: '绑定数字钱包', keywords: ['wallet', 'bind'] },
    view: () => import('../views/member/wallets'),
    show: API.wallet.show, remove: API.wallet.delete,
    form: (f, row, full) => f.walletForm(row, full),
    reveal: {
      title: '查看完整地址', keywords: ['wallet', 'reveal', 'chakan'], dialog: '完整钱包地址',
      lines: (w) => [['会员', w.username], ['链类型', w.chain], ['备注名', w.label || '—']],
      secret: (w) => w.address,
    },
    line: (r) => `${r.username} ${r.chain} ${r.address}`,
  }),
])
