// 彩票管理: the six screens, and the room, play way and play group operations — create/edit in dialogs, open/close
// rooms, edit a room's rates in a keyboard grid (Shift+R), flush every instance's rooms (Shift+F), delete. The draw
// operations (人工开奖, 取消本期, 验证) are in lottery-draws.ts.
import { defineCommands } from '../core/registry'
import { http } from '../core/http'
import { refreshList } from '../core/context'
import type { Row } from '../core/command'
import { LOTTERY_API, LOTTERY_PATHS as L, type FlushAnswer, type RoomIndex } from '../contract/lottery'
import { eachRow, ids, lines, one, orCancel, reportBulk } from './admin-shared'
import './lottery-draws'

const rooms = () => import('../views/lottery/room-forms')
const catalogue = () => import('../views/lottery/catalogue-forms')

/** Edits rooms keeping every other field: the edit call carries the row as listed plus the change. */
function editRooms(rows: Row[], title: string, change: Record<string, unknown>) {
  return eachRow(rows, (r) => http.post(`${LOTTERY_API.room}/edit`, {
    id: r.id, code: r.code, name: r.name, interval: r.interval, lock: r.lock, min_stake: r.min_stake, max_stake: r.max_stake,
    max_issue_stake: r.max_issue_stake, group_ids: r.group_ids, status: r.status, sort: r.sort, remark: r.remark, ...change,
  })).then((res) => {
    refreshList(L.room)
    return reportBulk(title, res, (id) => String(rows.find((r) => r.id === id)?.name ?? id))
  })
}

function editPlayways(rows: Row[], title: string, change: Record<string, unknown>) {
  return eachRow(rows, (r) => http.post(`${LOTTERY_API.playway}/edit`, {
    id: r.id, code: r.code, name: r.name, group_id: r.group_id ?? null, rate: r.rate, status: r.status, sort: r.sort, remark: r.remark, ...change,
  })).then((res) => {
    refreshList(L.playway)
    return reportBulk(title, res, (id) => String(rows.find((r) => r.id === id)?.name ?? id))
  })
}

const dialog = (list: string) => async (open: Promise<unknown | null>) => {
  const r = orCancel(await open)
  refreshList(list)
  return r
}

defineCommands([
  { id: 'lottery.roomList', title: '交易房间', keywords: ['room', 'fangjian'], menu: L.room, path: L.room, view: () => import('../views/lottery/rooms') },
  { id: 'lottery.playwayList', title: '玩法管理', keywords: ['playway', 'wanfa'], menu: L.playway, path: L.playway, view: () => import('../views/lottery/playways') },
  { id: 'lottery.playgroupList', title: '玩法分组', keywords: ['playgroup', 'fenzu'], menu: L.playgroup, path: L.playgroup, view: () => import('../views/lottery/playgroups') },
  { id: 'lottery.betList', title: '投注记录', keywords: ['bet', 'order', 'touzhu'], menu: L.bets, path: L.bets, view: () => import('../views/lottery/bets') },
  { id: 'lottery.demoBetList', title: '试玩投注记录', keywords: ['demo', 'trial', 'shiwan'], menu: L.demo, path: L.demo, view: () => import('../views/lottery/demo-bets') },
  { id: 'lottery.drawList', title: '开奖记录', keywords: ['draw', 'issue', 'kaijiang'], menu: L.record, path: L.record, view: () => import('../views/lottery/draws') },

  // Rooms.
  {
    id: 'lottery.createRoom', title: '新增交易房间', keywords: ['room', 'add'], menu: L.room, action: 'C',
    run: async () => dialog(L.room)((await rooms()).roomForm()),
  },
  {
    id: 'lottery.editRoom', title: '编辑交易房间', keywords: ['room', 'edit'], menu: L.room, action: 'U', on: 'rows', list: L.room, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => dialog(L.room)((await rooms()).roomForm(ctx.rows[0])),
  },
  {
    id: 'lottery.editRates', title: '编辑房间赔率', keywords: ['rate', 'odds', 'peilv'], menu: L.room, action: 'U', on: 'rows', list: L.room,
    hotkey: 'shift+r', when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const room = ctx.rows[0]
      const page = await http.get<RoomIndex>(`${LOTTERY_API.room}/index`, { per_page: 1000 })
      const rates = page.rates[String(room.id)] ?? []
      if (!rates.length) throw new Error(`房间「${room.name}」没有开放任何玩法，请先在房间里选择玩法分组`)
      return dialog(L.room)((await import('../views/lottery/rate-grid')).rateGrid({ id: Number(room.id), name: String(room.name) }, rates))
    },
  },
  {
    id: 'lottery.openRooms', title: '开启房间', keywords: ['room', 'open', 'kaiqi'], menu: L.room, action: 'U', on: 'rows', list: L.room,
    when: (ctx) => ctx.rows.some((r) => r.status === 0),
    confirm: (ctx) => ({ title: '开启房间', okText: '开启', lines: [...lines(ctx.rows.filter((r) => r.status === 0), (r) => String(r.name)), '开启后立即排出后续期号并接受投注'] }),
    run: (ctx) => editRooms(ctx.rows.filter((r) => r.status === 0), '开启房间', { status: 1 }),
  },
  {
    id: 'lottery.closeRooms', title: '关闭房间', keywords: ['room', 'close', 'guanbi'], menu: L.room, action: 'U', on: 'rows', list: L.room,
    when: (ctx) => ctx.rows.some((r) => r.status === 1),
    confirm: (ctx) => ({
      title: '关闭房间', danger: true, okText: '关闭',
      lines: [...lines(ctx.rows.filter((r) => r.status === 1), (r) => String(r.name)), '关闭后停止投注；已有投注的期号照常开奖结算，无人投注的未来期号撤下'],
    }),
    run: (ctx) => editRooms(ctx.rows.filter((r) => r.status === 1), '关闭房间', { status: 0 }),
  },
  {
    id: 'lottery.flushRooms', title: '刷新房间', keywords: ['flush', 'reload', 'shuaxin'], menu: L.room, action: 'U', hotkey: 'shift+f',
    run: async () => {
      const r = await http.get<FlushAnswer>(`${LOTTERY_API.room}/flush`)
      refreshList(L.room)
      const { toast } = await import('../core/toast')
      toast.success(`已刷新：${r.instances.length} 个服务实例重新加载了房间与赔率（本产品 ${r.rooms.length} 个房间，${r.rates} 项赔率），补齐 ${r.issues_created} 期`)
      return r
    },
  },
  {
    id: 'lottery.deleteRooms', title: '删除交易房间', keywords: ['room', 'delete'], menu: L.room, action: 'D', on: 'rows', list: L.room, rowKey: 'delete',
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个房间`, danger: true, okText: '删除', lines: [...lines(ctx.rows, (r) => String(r.name)), '有未结算投注的房间不能删除；已有开奖历史的房间保留记录'] }),
    run: async (ctx) => {
      await http.post(`${LOTTERY_API.room}/delete`, { ids: ids(ctx.rows) })
      refreshList(L.room)
      return { ok: ctx.rows.length, failed: [] }
    },
  },

  // Play ways.
  { id: 'lottery.createPlayway', title: '新增玩法', keywords: ['playway', 'add'], menu: L.playway, action: 'C', run: async () => dialog(L.playway)((await catalogue()).playwayForm()) },
  {
    id: 'lottery.editPlayway', title: '编辑玩法', keywords: ['playway', 'edit'], menu: L.playway, action: 'U', on: 'rows', list: L.playway, rowKey: 'edit',
    when: (ctx) => one(ctx.rows), run: async (ctx) => dialog(L.playway)((await catalogue()).playwayForm(ctx.rows[0])),
  },
  {
    id: 'lottery.enablePlayways', title: '启用玩法', keywords: ['playway', 'enable'], menu: L.playway, action: 'U', on: 'rows', list: L.playway,
    when: (ctx) => ctx.rows.some((r) => r.status === 0),
    confirm: (ctx) => ({ title: '启用玩法', okText: '启用', lines: lines(ctx.rows.filter((r) => r.status === 0), (r) => String(r.name)) }),
    run: (ctx) => editPlayways(ctx.rows.filter((r) => r.status === 0), '启用玩法', { status: 1 }),
  },
  {
    id: 'lottery.disablePlayways', title: '停用玩法', keywords: ['playway', 'disable'], menu: L.playway, action: 'U', on: 'rows', list: L.playway,
    when: (ctx) => ctx.rows.some((r) => r.status === 1),
    confirm: (ctx) => ({ title: '停用玩法', danger: true, okText: '停用', lines: [...lines(ctx.rows.filter((r) => r.status === 1), (r) => String(r.name)), '停用后各房间不再接受该玩法的投注，已投注的照常结算'] }),
    run: (ctx) => editPlayways(ctx.rows.filter((r) => r.status === 1), '停用玩法', { status: 0 }),
  },
  {
    id: 'lottery.deletePlayways', title: '删除玩法', keywords: ['playway', 'delete'], menu: L.playway, action: 'D', on: 'rows', list: L.playway, rowKey: 'delete',
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个玩法`, danger: true, okText: '删除', lines: [...lines(ctx.rows, (r) => String(r.name)), '有投注的玩法不能删除，请改为停用'] }),
    run: async (ctx) => {
      await http.post(`${LOTTERY_API.playway}/delete`, { ids: ids(ctx.rows) })
      refreshList(L.playway)
      return { ok: ctx.rows.length, failed: [] }
    },
  },

  // Play groups.
  { id: 'lottery.createPlaygroup', title: '新增玩法分组', keywords: ['playgroup', 'add'], menu: L.playgroup, action: 'C', run: async () => dialog(L.playgroup)((await catalogue()).playgroupForm()) },
  {
    id: 'lottery.editPlaygroup', title: '编辑玩法分组', keywords: ['playgroup', 'edit'], menu: L.playgroup, action: 'U', on: 'rows', list: L.playgroup, rowKey: 'edit',
    when: (ctx) => one(ctx.rows), run: async (ctx) => dialog(L.playgroup)((await catalogue()).playgroupForm(ctx.rows[0])),
  },
  {
    id: 'lottery.deletePlaygroups', title: '删除玩法分组', keywords: ['playgroup', 'delete'], menu: L.playgroup, action: 'D', on: 'rows', list: L.playgroup, rowKey: 'delete',
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个玩法分组`, danger: true, okText: '删除', lines: [...lines(ctx.rows, (r) => `${r.name}（${r.playway_count} 个玩法）`), '分组内还有玩法的不能删除'] }),
    run: async (ctx) => {
      await http.post(`${LOTTERY_API.playgroup}/delete`, { ids: ids(ctx.rows) })
      refreshList(L.playgroup)
      return { ok: ctx.rows.length, failed: [] }
    },
  },
])
