// Endpoints of draw exposure (风险敞口), 限红 tiers and big wins (大额中奖), RISK.md §6.
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU } from '../menus'
import { col } from '../list'
import { Id, IdQuery, IdsBody, KeysetQuery, KeysetQueryInt, MoneyText, Paged, Remark, Text } from '../schema'
import { BigWinItem, ExposureAnswer, ExposureRoomItem, LimitItem, type BigWinIndex, type Exposure, type ExposureRoom, type LimitIndex } from '../exposure'
import type { Limit } from '../exposure'

const LimitFields = {
  name: Text('限红名称', 20, 1),
  single_max: MoneyText('单注上限'),
  issue_max: MoneyText('每期上限'),
  remark: Type.Optional(Remark),
}

export const exposure = {
  show: get<Exposure>()('/api/issue/exposure', MENU.exposure,
    '未结算期号的风险敞口：真实会员投注在全部 1000 种开奖结果下的派彩（最差 10 个、最好 3 个结果，按和值、玩法、会员）', IdQuery,
    { response: ExposureAnswer }),
  rooms: get<{ items: ExposureRoom[] }>()('/api/issue/exposure/rooms', MENU.exposure, '各开启房间当前一期的投注额与最高赔付', undefined,
    { response: Type.Object({ items: Type.Array(ExposureRoomItem) }, { additionalProperties: false }) }),
}

export const limit = {
  // Also for the member screens: 设置限红 and the member form choose from it.
  index: get<LimitIndex>()('/api/limit/index', [MENU.limits, MENU.member], '限红档位', Type.Object({
    ...KeysetQueryInt, name: Type.Optional(Text('限红名称', 20)),
  }), {
    response: Paged(LimitItem),
    columns: [col('name', '限红名称', undefined, 140), col('single_max', '单注上限', 'money', 120), col('issue_max', '每期上限', 'money', 120),
      col('member_count', '会员数', undefined, 90), col('remark', '备注', undefined, 200), col('created_at', '创建时间', 'datetime', 165)],
  }),
  create: post<Limit>()('/api/limit/create', MENU.limits, 'C', '新增限红档位', Type.Object(LimitFields), { response: LimitItem }),
  edit: post<Limit>()('/api/limit/edit', MENU.limits, 'U', '编辑限红档位', Type.Object({ id: Id, ...LimitFields }), { response: LimitItem }),
  delete: post<{ ids: number[] }>()('/api/limit/delete', MENU.limits, 'D', '删除限红档位（有会员使用时拒绝）', IdsBody),
}

export const memberLimit = {
  set: post<{ member_id: number; limit_id: number | null; limit_name: string }>()('/api/member/limit', MENU.member, 'U',
    '设置会员限红档位（limit_id 为 null 取消）', Type.Object({
      member_id: Type.Integer({ title: '会员', minimum: 1, maximum: 2147483647 }),
      limit_id: Type.Union([Id, Type.Null()], { title: '限红档位' }),
    }), { idempotent: true }),
}

export const bigwins = {
  index: get<BigWinIndex>()('/api/order/bigwins', MENU.bigwins, '大额中奖：派彩达到财务设置「大额中奖金额」的真实会员投注（最新在前，游标翻页）', Type.Object({
    ...KeysetQuery,
    username: Type.Optional(Text('用户名', 16)),
    room_id: Type.Optional(Id),
  }), {
    response: Paged(BigWinItem),
    columns: [col('order_no', '订单号', undefined, 170), col('username', '会员', undefined, 110), col('room_name', '房间', undefined, 110),
      col('issue_no', '期号', undefined, 130), col('content', '投注内容', undefined, 100), col('amount', '投注金额', 'money', 110),
      col('payout', '派彩', 'money', 120), col('ratio', '倍数', undefined, 80), col('settled_at', '结算时间', 'datetime', 165)],
  }),
}
