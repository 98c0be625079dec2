// 彩票管理: the six screens, and the room, play way and play group operations — create/edit in dialogs, open/close
// rooms, edit a room's rates in a keyboard grid (Shift+R), flush every instance's rooms (Shift+F), delete. The draw
// operations (人工开奖, 取消本期, 验证) are in lottery-draws.ts.
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { refreshList } from '../core/context'
import type { Command, Row } from '../core/command'
import { MENU } from '../contract/menus'
import { API } from '../contract/api'
import { eachRow, ids, lines, one, orCancel, reportBulk } from '../core/ops'
import { crud } from './crud'
import './lottery-draws'

const rooms = () => import('../views/lottery/room-forms')
const catalogue = () => import('../views/lottery/catalogue-forms')
const bets = () => import('../views/lottery/bet-list')

/** Edits each row keeping every other field (the edit call carries the row as listed plus the change), then reports. */
function editRows(list: string, rows: Row[], title: string, edit: (r: Row) => Promise<unknown>) {
  return eachRow(rows, edit).then((res) => {
    refreshList(list)
    return reportBulk(title, res, (id) => String(rows.find((r) => r.id === id)?.name ?? id))
  })
}

const editRooms = (rows: Row[], title: string, status: number) => editRows(MENU.rooms, rows, title, (r) => api.room.edit({
  id: Number(r.id), code: String(r.code), name: String(r.name), interval: Number(r.interval), lock: Number(r.lock), min_stake: String(r.min_stake),
  max_stake: String(r.max_stake), max_issue_stake: String(r.max_issue_stake), group_ids: r.group_ids as number[], status, sort: Number(r.sort),
  remark: String(r.remark),
}))

const editPlayways = (rows: Row[], title: string, status: number) => editRows(MENU.playways, rows, title, (r) => api.playway.edit({
  id: Number(r.id), code: String(r.code), name: String(r.name), group_id: (r.group_id as number | null) ?? null, rate: String(r.rate), status,
  sort: Number(r.sort), remark: String(r.remark),
}))

/** A switch over the rows not yet in the state `to` (open/close a room, enable/disable a play way). */
function toggle(o: {
  id: string; title: string; ok: string; keywords: string[]; list: string; to: number; danger?: boolean; note?: string
  run: (rows: Row[], title: string, status: number) => Promise<unknown>
}): Command {
  const rows = (all: Row[]) => all.filter((r) => r.status !== o.to)
  return {
    id: o.id, title: o.title, keywords: o.keywords, menu: o.list, action: 'U', on: 'rows', list: o.list,
    when: (ctx) => rows(ctx.rows).length > 0,
    confirm: (ctx) => ({
      title: o.title, okText: o.ok, ...(o.danger ? { danger: true } : {}),
      lines: [...lines(rows(ctx.rows), (r) => String(r.name)), ...(o.note ? [o.note] : [])],
    }),
    run: (ctx) => o.run(rows(ctx.rows), o.title, o.to),
  }
}

defineCommands([
  ...crud({
    list: MENU.rooms, noun: '交易房间', keywords: ['room', 'fangjian'],
    open: { id: 'lottery.roomList', view: () => import('../views/lottery/rooms') },
    create: { id: 'lottery.createRoom', form: async () => (await rooms()).roomForm() },
    edit: { id: 'lottery.editRoom', form: async (row) => (await rooms()).roomForm(row) },
  }),
  {
    id: 'lottery.editRates', title: '编辑房间赔率', keywords: ['rate', 'odds', 'peilv'], menu: MENU.rooms, action: 'U', on: 'rows', list: MENU.rooms,
    hotkey: 'shift+r', when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const room = ctx.rows[0]
      const page = await api.room.index({ per_page: 1000 })
      const rates = page.rates[String(room.id)] ?? []
      if (!rates.length) throw new Error(`房间「${room.name}」没有开放任何玩法，请先在房间里选择玩法分组`)
      const r = orCancel(await (await import('../views/lottery/rate-grid')).rateGrid({ id: Number(room.id), name: String(room.name) }, rates))
      refreshList(MENU.rooms)
      return r
    },
  },
  toggle({ id: 'lottery.openRooms', title: '开启房间', ok: '开启', keywords: ['room', 'open', 'kaiqi'], list: MENU.rooms, to: 1, note: '开启后立即排出后续期号并接受投注', run: editRooms }),
  toggle({
    id: 'lottery.closeRooms', title: '关闭房间', ok: '关闭', keywords: ['room', 'close', 'guanbi'], list: MENU.rooms, to: 0, danger: true, run: editRooms,
    note: '关闭后停止投注；已有投注的期号照常开奖结算，无人投注的未来期号撤下',
  }),
  {
    id: 'lottery.flushRooms', title: '刷新房间', keywords: ['flush', 'reload', 'shuaxin'], menu: MENU.rooms, action: 'U', hotkey: 'shift+f',
    run: async () => {
      const r = await api.room.flush()
      refreshList(MENU.rooms)
      const { toast } = await import('../core/toast')
      toast.success(`已刷新：${r.instances.length} 个服务实例重新加载了房间与赔率（本产品 ${r.rooms.length} 个房间，${r.rates} 项赔率），补齐 ${r.issues_created} 期`)
      return r
    },
  },
  {
    id: 'lottery.deleteRooms', title: '删除交易房间', keywords: ['room', 'delete'], menu: MENU.rooms, action: 'D', on: 'rows', list: MENU.rooms, rowKey: 'delete',
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个房间`, danger: true, okText: '删除', lines: [...lines(ctx.rows, (r) => String(r.name)), '有未结算投注的房间不能删除；已有开奖历史的房间保留记录'] }),
    run: async (ctx) => {
      await api.room.delete({ ids: ids(ctx.rows) })
      refreshList(MENU.rooms)
      return { ok: ctx.rows.length, failed: [] }
    },
  },

  ...crud({
    list: MENU.playways, noun: '玩法', keywords: ['playway', 'wanfa'],
    open: { id: 'lottery.playwayList', title: '玩法管理', view: () => import('../views/lottery/playways') },
    create: { id: 'lottery.createPlayway', form: async () => (await catalogue()).playwayForm() },
    edit: { id: 'lottery.editPlayway', form: async (row) => (await catalogue()).playwayForm(row) },
    remove: { id: 'lottery.deletePlayways', endpoint: API.playway.delete, line: (r) => String(r.name), notes: ['有投注的玩法不能删除，请改为停用'] },
  }),
  toggle({ id: 'lottery.enablePlayways', title: '启用玩法', ok: '启用', keywords: ['playway', 'enable'], list: MENU.playways, to: 1, run: editPlayways }),
  toggle({
    id: 'lottery.disablePlayways', title: '停用玩法', ok: '停用', keywords: ['playway', 'disable'], list: MENU.playways, to: 0, danger: true, run: editPlayways,
    note: '停用后各房间不再接受该玩法的投注，已投注的照常结算',
  }),

  ...crud({
    list: MENU.playgroups, noun: '玩法分组', keywords: ['playgroup', 'fenzu'],
    open: { id: 'lottery.playgroupList', view: () => import('../views/lottery/playgroups') },
    create: { id: 'lottery.createPlaygroup', form: async () => (await catalogue()).playgroupForm() },
    edit: { id: 'lottery.editPlaygroup', form: async (row) => (await catalogue()).playgroupForm(row) },
    remove: { id: 'lottery.deletePlaygroups', endpoint: API.playgroup.delete, line: (r) => `${r.name}（${r.playway_count} 个玩法）`, notes: ['分组内还有玩法的不能删除'] },
  }),

  { id: 'lottery.betList', title: '投注记录', keywords: ['bet', 'order', 'touzhu'], menu: MENU.bets, path: MENU.bets, view: async () => ({ default: (await bets()).BetsScreen }) },
  {
    id: 'lottery.demoBetList', title: '试玩投注记录', keywords: ['demo', 'trial', 'shiwan'], menu: MENU.betsDemo, path: MENU.betsDemo,
    view: async () => ({ default: (await bets()).DemoBetsScreen }),
  },
  { id: 'lottery.drawList', title: '开奖记录', keywords: ['draw', 'issue', 'kaijiang'], menu: MENU.draws, path: MENU.draws, view: () => import('../views/lottery/draws') },
])
