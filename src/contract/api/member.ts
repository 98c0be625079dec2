// Endpoints of the member area (see ../endpoint.ts): members, levels, virtual accounts (URL word tuohao), bank cards
// and digital wallets. Each export is one resource: { name: endpoint }.
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU } from '../menus'
import {
  DateTime, Id, IdQuery, IdsBody, KeysetQuery, LabelFilter, Money, MoneyText, Nullable, NullableId, Paged, Phone, RateText, Remark, Status01, Text, Username,
} from '../schema'
import { RISK_LEVEL } from '../risk'
import {
  BalanceStatSchema, CardItem, LevelItem, MemberItem, VirtualItem, WalletItem,
  type Card, type Level, type MemberDetail, type MemberIndex, type MemberSuggestion, type VirtualAccount, type VirtualIndex, type Wallet,
} from '../member'
import type { Paged as PagedOf, Cursors } from '../common'

/** Every screen whose form picks a member by username may ask for suggestions. */
const SUGGEST_MENUS = [MENU.member, MENU.manual, MENU.gift, MENU.recharge, MENU.withdraw, MENU.balance, MENU.cards, MENU.wallets, MENU.bets] as const

type Removed = { ids: number[] }
type PagedList<T> = PagedOf<T> & Cursors
const Int32 = (title: string) => Type.Integer({ title, minimum: 1, maximum: 2147483647 })
/** Cursor paging over int ids (the keyset cursors narrowed to the column's range). */
const IntKeyset = {
  ...KeysetQuery,
  after: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
  before: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
}
const Opt = Type.Optional
const ImgUrl = { img_url: Type.String() }

const MemberFields = {
  username: Username,
  password: Opt(Text('登录密码', 2048)),
  fund_password: Opt(Text('资金密码', 2048)),
  nickname: Opt(Text('昵称', 32)),
  real_name: Opt(Text('真实姓名', 32)),
  phone: Opt(Phone),
  level_id: NullableId('会员等级'),
  agent_id: NullableId('所属代理'),
  status: Status01(),
  remark: Opt(Remark),
}

const MemberQuery = Type.Object({
  ...IntKeyset,
  id: Opt(Int32('会员ID')),
  username: Opt(Text('用户名', 16)),
  real_name: Opt(Text('真实姓名', 32)),
  phone: Opt(Text('手机号', 11)),
  level_id: Opt(Int32('会员等级')),
  agent_id: Opt(Int32('所属代理')),
  is_agent: Opt(Status01('是否代理')),
  status: Opt(Status01()),
  start_time: Opt(DateTime('注册开始时间')),
  end_time: Opt(DateTime('注册结束时间')),
  balance_min: Opt(Text('最低余额', 20)),
  balance_max: Opt(Text('最高余额', 20)),
  tag_id: Opt(Int32('标签')),
  risk_level: LabelFilter('风险等级', RISK_LEVEL),
})

export const member = {
  index: get<MemberIndex>()('/api/member/index', MENU.member, '会员列表（游标翻页，含余额合计；可按标签、风险等级筛选）', MemberQuery, {
    response: Paged(MemberItem, { balance_stat: Nullable(BalanceStatSchema), ...ImgUrl }),
  }),
  create: post<MemberDetail>()('/api/member/create', MENU.member, 'C', '新增会员（密码为 RSA 密文）',
    Type.Object({ ...MemberFields, password: Text('登录密码', 2048, 1) })),
  edit: post<MemberDetail>()('/api/member/edit', MENU.member, 'U',
    '编辑会员（密码留空不修改）；只带 withdraw_blocked 时只冻结或解冻提现（不须用户名与状态）',
    Type.Object({
      id: Id, ...MemberFields, username: Opt(Username), status: Opt(Status01()), is_agent: Opt(Type.Boolean({ title: '是否代理' })),
      withdraw_blocked: Opt(Type.Boolean({ title: '冻结提现' })),
    })),
  delete: post<Removed>()('/api/member/delete', MENU.member, 'D', '删除会员（仅限无资金记录、无余额、无登录记录与备注、无下级的会员）', IdsBody),
  show: get<MemberDetail>()('/api/member/show', MENU.member, '会员详情（完整手机号、资金汇总、标签与最新备注，记录查看日志）', IdQuery, { audit: true }),
  suggest: post<MemberSuggestion[]>()('/api/member/suggest', SUGGEST_MENUS, 'R', '按用户名前缀联想会员（最多 10 个）',
    Type.Object({ username: Text('用户名', 16) })),
}

const LevelFields = {
  name: Text('等级名称', 20, 1),
  level: Type.Integer({ title: '等级序号', minimum: 1, maximum: 99 }),
  upgrade_recharge: MoneyText('升级累计充值'),
  withdraw_times_daily: Type.Integer({ title: '每日提现次数', minimum: 0, maximum: 100 }),
  withdraw_max_daily: MoneyText('每日提现上限'),
  withdraw_fee_rate: RateText('提现手续费率', 6),
  remark: Opt(Remark),
}

export const level = {
  index: get<PagedList<Level>>()('/api/level/index', MENU.levels, '会员等级列表', Type.Object(IntKeyset), { response: Paged(LevelItem) }),
  create: post<Level>()('/api/level/create', MENU.levels, 'C', '新增会员等级', Type.Object(LevelFields)),
  edit: post<Level>()('/api/level/edit', MENU.levels, 'U', '编辑会员等级', Type.Object({ id: Id, ...LevelFields })),
  delete: post<Removed>()('/api/level/delete', MENU.levels, 'D', '删除会员等级（有会员的等级不能删除）', IdsBody),
}

const VirtualFields = {
  username: Username,
  nickname: Opt(Text('昵称', 32)),
  avatar: Opt(Text('头像', 200)),
  level_id: NullableId('会员等级'),
  status: Status01(),
  remark: Opt(Remark),
}

export const virtuals = {
  index: get<VirtualIndex>()('/api/tuohao/index', MENU.virtuals, '虚拟账号列表（含余额合计）',
    Type.Object({ ...IntKeyset, username: Opt(Text('用户名', 16)), status: Opt(Status01()) }), {
      response: Paged(VirtualItem, { balance_stat: Nullable(Type.Object({ balance: Money })), ...ImgUrl }),
    }),
  create: post<VirtualAccount>()('/api/tuohao/create', MENU.virtuals, 'C', '新增虚拟账号（可设初始余额，从虚拟资金池转入）',
    Type.Object({ ...VirtualFields, balance: Opt(MoneyText('初始余额')) })),
  edit: post<VirtualAccount>()('/api/tuohao/edit', MENU.virtuals, 'U', '编辑虚拟账号（设置余额会记录一笔虚拟资金转账）',
    Type.Object({ id: Id, ...VirtualFields, balance: Opt(MoneyText('余额')) })),
  show: get<VirtualAccount>()('/api/tuohao/show', MENU.virtuals, '虚拟账号详情', IdQuery),
  delete: post<Removed>()('/api/tuohao/delete', MENU.virtuals, 'D', '删除虚拟账号（有资金记录的不能删除）', IdsBody),
}

/** Who a card or wallet belongs to: a member by id or username (binding), and the filters both lists share. */
const Owner = { member_id: Opt(Int32('会员')), username: Opt(Text('会员用户名', 16)) }
const PayeeQuery = { ...IntKeyset, ...Owner }

const CardFields = {
  ...Owner,
  holder: Text('持卡人', 32, 1),
  bank_name: Text('开户银行', 40, 1),
  branch: Opt(Text('开户支行', 80)),
  card_no: Type.String({ title: '银行卡号', minLength: 1, maxLength: 40 }),
  status: Status01(),
  is_default: Opt(Type.Boolean({ title: '默认卡' })),
}

export const card = {
  index: get<PagedList<Card>>()('/api/card/index', MENU.cards, '银行卡列表（卡号脱敏）', Type.Object({
    ...PayeeQuery,
    holder: Opt(Text('持卡人', 32)),
    bank_name: Opt(Text('开户银行', 40)),
    card_tail: Opt(Type.String({ title: '卡号后四位', pattern: '^[0-9]{1,4}$' })),
    status: Opt(Status01()),
  }), { response: Paged(CardItem) }),
  create: post<Card>()('/api/card/create', MENU.cards, 'C', '绑定银行卡（Luhn 校验，卡号全站唯一）', Type.Object(CardFields)),
  show: get<Card>()('/api/card/show', MENU.cards, '银行卡详情（完整卡号，记录查看日志）', IdQuery, { audit: true }),
  edit: post<Card>()('/api/card/edit', MENU.cards, 'U', '编辑银行卡', Type.Object({ id: Id, ...CardFields })),
  delete: post<Removed>()('/api/card/delete', MENU.cards, 'D', '删除银行卡（审核中的提现所用的卡不能删除）', IdsBody),
}

const Chain = Type.Union([Type.Literal('TRC20', { title: '链类型' }), Type.Literal('ERC20', { title: '链类型' })], { title: '链类型' })
const WalletFields = {
  ...Owner,
  chain: Chain,
  address: Text('钱包地址', 64, 1),
  label: Opt(Text('备注名', 32)),
  status: Status01(),
  is_default: Opt(Type.Boolean({ title: '默认钱包' })),
}

export const wallet = {
  index: get<PagedList<Wallet>>()('/api/wallet/index', MENU.wallets, '数字钱包列表（地址缩略）',
    Type.Object({ ...PayeeQuery, chain: Opt(Chain), status: Opt(Status01()) }), { response: Paged(WalletItem) }),
  create: post<Wallet>()('/api/wallet/create', MENU.wallets, 'C', '绑定数字钱包（地址校验，全站唯一）', Type.Object(WalletFields)),
  show: get<Wallet>()('/api/wallet/show', MENU.wallets, '数字钱包详情（完整地址，记录查看日志）', IdQuery, { audit: true }),
  edit: post<Wallet>()('/api/wallet/edit', MENU.wallets, 'U', '编辑数字钱包', Type.Object({ id: Id, ...WalletFields })),
  delete: post<Removed>()('/api/wallet/delete', MENU.wallets, 'D', '删除数字钱包（审核中的提现所用的钱包不能删除）', IdsBody),
}
