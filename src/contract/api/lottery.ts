// Endpoints of the lottery area (see ../endpoint.ts): trade rooms, play ways and play groups, the draws (开奖记录, URL
// /api/issue) and the bets (投注记录, URL /api/order). Each export is one resource: { name: endpoint }.
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU } from '../menus'
import { DateTime, Hidden, Id, IdQuery, IdsBody, INT53, IntFilter, KeysetQuery, MoneyText, Paged, RateText, Remark, Status01, Text } from '../schema'
import {
  BetItem, BetSums, DRAW_SCOPE, DrawItem, PLAYWAY_CODES, PlaygroupItem, PlaywayItem, ROOM_INTERVAL, RoomItem, RoomRateItem, RoomRates,
} from '../lottery'
import type {
  BetIndex, DrawDetail, DrawEdit, DrawIndex, FlushAnswer, Playgroup, PlaygroupIndex, Playway, PlaywayIndex, Room, RoomIndex, RoomRate,
} from '../lottery'

/** Paging of a list over an integer (int4) id: its cursors stay within the column. */
const IntKeyset = {
  ...KeysetQuery,
  after: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
  before: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
}
const Range = { start_time: Type.Optional(DateTime('开始时间')), end_time: Type.Optional(DateTime('结束时间')) }
const Sort = Type.Optional(Type.Integer({ title: '排序', minimum: -100000, maximum: 100000 }))
const Ids = Type.Object({ ids: Type.Array(Type.Integer()) }, { additionalProperties: false })
const Labels = Type.Record(Type.String(), Type.String())

const RoomFields = {
  code: Type.String({ title: '房间代码', minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9_]+$' }),
  name: Text('房间名称', 20, 1),
  interval: Type.Integer({ title: '开奖间隔', minimum: ROOM_INTERVAL.min, maximum: ROOM_INTERVAL.max }),
  lock: Type.Integer({ title: '封盘时间', minimum: 0, maximum: ROOM_INTERVAL.max }),
  min_stake: MoneyText('最低投注'),
  max_stake: MoneyText('单注上限'),
  max_issue_stake: MoneyText('每期上限'),
  /** The house's maximum payout per issue (0: none); absent on an edit: unchanged. */
  max_payout_per_issue: Type.Optional(MoneyText('每期赔付上限')),
  group_ids: Type.Array(Type.Integer({ title: '玩法分组', minimum: 1, maximum: 2147483647 }), { title: '玩法分组', maxItems: 100 }),
  status: Status01(),
  sort: Sort,
  remark: Type.Optional(Remark),
}

const PlaywayFields = {
  code: Type.String({ title: '玩法代码', enum: [...PLAYWAY_CODES] }),
  name: Text('玩法名称', 20, 1),
  group_id: Type.Union([Id, Type.Null()], { title: '玩法分组' }),
  rate: RateText('默认赔率', 12),
  status: Status01(),
  sort: Sort,
  remark: Type.Optional(Remark),
}

const PlaygroupFields = { name: Text('分组名称', 20, 1), sort: Sort, status: Status01(), remark: Type.Optional(Remark) }

export const room = {
  index: get<RoomIndex>()('/api/room/index', MENU.rooms, '交易房间列表（含各房间赔率 rates）',
    Type.Object({ ...IntKeyset, status: Type.Optional(Status01()) }), { response: Paged(RoomItem, { rates: RoomRates }) }),
  create: post<Room>()('/api/room/create', MENU.rooms, 'C', '新增交易房间', Type.Object(RoomFields), { response: RoomItem }),
  edit: post<Room>()('/api/room/edit', MENU.rooms, 'U', '编辑交易房间（含开启/关闭；改间隔或关闭会撤下无人投注的未来期号）',
    Type.Object({ id: Id, ...RoomFields }), { response: RoomItem }),
  delete: post<{ ids: number[] }>()('/api/room/delete', MENU.rooms, 'D', '删除交易房间（有未结算投注的不能删除；有历史的房间保留记录）', IdsBody,
    { response: Ids }),
  update_rate: post<{ room_id: number; rates: RoomRate[] }>()('/api/room/update_rate', MENU.rooms, 'U', '修改房间赔率（留空恢复玩法默认赔率）',
    Type.Object({
      room_id: Id,
      rates: Type.Array(Type.Object({ playway_id: Id, rate: Type.Optional(Type.Union([RateText('赔率', 12), Type.Null()])) }),
        { title: '赔率', minItems: 1, maxItems: 200 }),
    }), { response: Type.Object({ room_id: Type.Integer(), rates: Type.Array(RoomRateItem) }, { additionalProperties: false }) }),
  flush: get<FlushAnswer>()('/api/room/flush', MENU.rooms, '刷新房间：各服务实例重新加载房间、开奖计划与赔率，并补齐未来期号', undefined,
    { action: 'U' }),
}

export const playway = {
  index: get<PlaywayIndex>()('/api/playway/index', MENU.playways, '玩法列表',
    Type.Object({ ...IntKeyset, group_id: Type.Optional(Id), status: Type.Optional(Status01()), name: Type.Optional(Text('玩法名称', 20)) }),
    { response: Paged(PlaywayItem, { codes: Labels }) }),
  create: post<Playway>()('/api/playway/create', MENU.playways, 'C', '新增玩法（代码取自开奖规则目录）', Type.Object(PlaywayFields),
    { response: PlaywayItem }),
  edit: post<Playway>()('/api/playway/edit', MENU.playways, 'U', '编辑玩法（有投注的玩法不能改代码）', Type.Object({ id: Id, ...PlaywayFields }),
    { response: PlaywayItem }),
  delete: post<{ ids: number[] }>()('/api/playway/delete', MENU.playways, 'D', '删除玩法（有投注的玩法不能删除，请停用）', IdsBody, { response: Ids }),
}

export const playgroup = {
  index: get<PlaygroupIndex>()('/api/playgroup/index', MENU.playgroups, '玩法分组列表（含玩法数）',
    Type.Object({ ...IntKeyset, status: Type.Optional(Status01()) }), { response: Paged(PlaygroupItem) }),
  create: post<Playgroup>()('/api/playgroup/create', MENU.playgroups, 'C', '新增玩法分组', Type.Object(PlaygroupFields), { response: PlaygroupItem }),
  edit: post<Playgroup>()('/api/playgroup/edit', MENU.playgroups, 'U', '编辑玩法分组（停用后各房间不再开放其中的玩法）',
    Type.Object({ id: Id, ...PlaygroupFields }), { response: PlaygroupItem }),
  delete: post<{ ids: number[] }>()('/api/playgroup/delete', MENU.playgroups, 'D', '删除玩法分组（分组内还有玩法的不能删除）', IdsBody,
    { response: Ids }),
}

const ResultText = Text('开奖结果', 20)

export const draws = {
  index: get<DrawIndex>()('/api/issue/index', MENU.draws, '开奖记录（按开奖时间倒序；默认显示已到期各期与各房间下一期）',
    Type.Object({
      ...KeysetQuery,
      room_id: Type.Optional(Id),
      issue_no: Type.Optional(Text('期号', 20)),
      status: IntFilter('状态', 1, 4),
      scope: Type.Optional(Type.String({ title: '范围', enum: Object.keys(DRAW_SCOPE) })),
      ...Range,
    }), { response: Paged(DrawItem) }),
  show: get<DrawDetail>()('/api/issue/show', MENU.draws, '开奖详情：各玩法投注汇总、验证数据（种子、哈希、HMAC）；result= 预览人工开奖派彩，cancel=1 预览取消',
    Type.Object({ ...IdQuery.properties, result: Type.Optional(ResultText), cancel: IntFilter('取消预览', 0, 1) })),
  edit: post<DrawEdit>()('/api/issue/edit', MENU.draws, 'U', '人工开奖（结算前，记录前后结果）或取消本期（status: 4，退还投注、冲正派彩）',
    Type.Object({ id: Id, result: Type.Optional(ResultText), status: IntFilter('状态', 4, 4), remark: Text('原因', 200, 1) })),
}

/** The filters both bet lists take. */
const BetFilters = {
  ...KeysetQuery,
  order_no: Type.Optional(Text('订单号', 40)),
  username: Type.Optional(Text('用户名', 16)),
  member_id: Type.Optional(Id),
  room_id: Type.Optional(Id),
  issue_no: Type.Optional(Text('期号', 20)),
  playway_id: Type.Optional(Id),
  status: IntFilter('状态', 1, 4),
  ...Range,
  /** 风险敞口's links: one issue, and of it the bets a result ("3,5,8") would pay. */
  issue_id: Hidden(Type.Optional(Type.Integer({ title: '期号ID', ...INT53 }))),
  wins: Hidden(Type.Optional(Type.String({ title: '开奖结果', pattern: '^[0-9],[0-9],[0-9]$', maxLength: 5 }))),
}
const BetPage = Paged(BetItem, BetSums)

export const bets = {
  index: get<BetIndex>()('/api/order/index', MENU.bets, '投注记录（真实会员；is_virtual=1 看虚拟账号），游标翻页，含投注与输赢合计',
    Type.Object({ ...BetFilters, is_virtual: Type.Optional(Status01('虚拟账号')) }), { response: BetPage }),
  demo: get<BetIndex>()('/api/order/demo', MENU.betsDemo, '试玩投注记录（试玩会员）', Type.Object(BetFilters), { response: BetPage }),
}
