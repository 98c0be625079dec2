// The member site's registrations: members under agents (some becoming agents), each from an IP and device of its own
// (through the risk area's memberRegister, so one from a banned value is refused and recorded), their cards and
// wallets, trial members with play money, and on first start a populated product with house virtual accounts.
import { one } from '../db/db'
import { editMember, registerMember } from '../member/member-write'
import { bindCard, bindWallet } from '../member/payee-store'
import { memberRegister } from '../risk/logins'
import { pickRow, type SimActor, type SimContext } from './actor'
import { BANKS, cardNumber, chineseName, mobile, username, walletAddress } from './people'
import { BANNED, HOUSE, newPlace, userAgent, type Place } from './identity'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import { transfer } from '../ledger/ledger'

async function freeUsername(ctx: SimContext, prefix = ''): Promise<string> {
  for (;;) {
    const name = `${prefix}${username(ctx.r)}`.slice(0, 16)
    if (!(await one(ctx.db, 'select 1 from members where product = $1 and lower(username) = lower($2)', [ctx.product, name]))) return name
  }
}

async function randomAgent(ctx: SimContext): Promise<number | null> {
  const a = await pickRow<{ id: number }>(ctx, 'select id from members where product = $1 and kind = 0 and is_agent and status = 1', [ctx.product])
  return a?.id ?? null
}

export interface RegistrationOptions {
  agent?: boolean
  /** Where it registers from (a family shares one); a fresh place otherwise. */
  place?: Place
  real_name?: string
  /** Bind a bank card (else 85 % do). */
  card?: boolean
}

/** Registers one real member (usually under an agent), maybe an agent itself, with a card and maybe a wallet; null when refused. */
export async function simulateRegistration(ctx: SimContext, opts: RegistrationOptions = {}): Promise<number | null> {
  const { r } = ctx
  const realName = opts.real_name ?? chineseName(r)
  const agentId = r.chance(0.8) ? await randomAgent(ctx) : null
  const place = opts.place ?? newPlace(r)
  const out = await memberRegister(ctx.db, ctx.product, {
    username: await freeUsername(ctx), nickname: realName.slice(-2), real_name: (opts.real_name || r.chance(0.9)) ? realName : '',
    phone: mobile(r), agent_id: agentId, register_ip: place.ip, register_device: place.device, user_agent: userAgent(r), at: ctx.at,
  })
  if (!out.ok) return null
  const id = out.id
  if (opts.agent || r.chance(0.08)) {
    const m = await one<{ username: string }>(ctx.db, 'select username from members where id = $1', [id])
    await editMember(ctx.db, ctx.product, id, { username: m!.username, is_agent: true, rebate_rate: String(r.int(1, 8)) })
  }
  const holder = (await one<{ real_name: string }>(ctx.db, 'select real_name from members where id = $1', [id]))!.real_name || realName
  if (opts.card ?? r.chance(0.85)) {
    await bindCard(ctx.db, ctx.product, { member_id: id, holder, bank_name: r.pick(BANKS), branch: `${r.pick(['朝阳', '浦东', '天河', '南山', '武侯', '西湖'])}支行`, card_no: cardNumber(r), status: 1 })
  }
  if (r.chance(0.3)) {
    const chain = r.chance(0.7) ? 'TRC20' : 'ERC20'
    await bindWallet(ctx.db, ctx.product, { member_id: id, chain, address: walletAddress(r, chain), status: 1, label: '常用' })
  }
  return id
}

/** A trial member, from a place of its own or (place given) one real members use: associations never list it. */
export async function simulateTrialMember(ctx: SimContext, place = newPlace(ctx.r)): Promise<number> {
  const { id } = await registerMember(ctx.db, ctx.product, {
    username: await freeUsername(ctx, 'sw'), kind: 2, nickname: '试玩用户', register_ip: place.ip, register_device: place.device, at: ctx.at,
  })
  return id
}

/** A house virtual account with play money from the virtual pool, run from the house's office network. */
export async function simulateVirtualAccount(ctx: SimContext): Promise<number> {
  const { id } = await registerMember(ctx.db, ctx.product, {
    username: await freeUsername(ctx, 'vx'), kind: 1, nickname: chineseName(ctx.r).slice(-2), register_ip: HOUSE.ip, register_device: HOUSE.device, at: ctx.at,
  })
  await transfer(ctx.db, {
    key: `virtual:open:${id}`, product: ctx.product, money: MONEY.virtual, from: { kind: KIND.virtualPool },
    to: { kind: KIND.available, owner: id }, amount: ctx.r.int(50, 500) * 10000, type: TRANSFER.virtualAdjust, remark: '初始虚拟资金', at: ctx.at,
  })
  return id
}

/** Someone tries to register from a banned device (a batch-registration emulator): refused and recorded. */
export async function bannedRegistration(ctx: SimContext): Promise<void> {
  await simulateRegistration(ctx, { place: { ip: newPlace(ctx.r).ip, device: BANNED.device.value } })
}

export const memberActor: SimActor = {
  name: 'member',
  every: 25,
  async run(ctx) {
    if (ctx.r.chance(0.05)) await bannedRegistration(ctx)
    else if (ctx.r.chance(0.12)) await simulateTrialMember(ctx)
    else await simulateRegistration(ctx)
  },
  async bootstrap(ctx) {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000 - ctx.r.int(0, 86_000) * 1000)
    for (let i = 0; i < 3; i++) await simulateRegistration({ ...ctx, at: at(40) }, { agent: true })
    for (let i = 0; i < 4; i++) await simulateRegistration({ ...ctx, at: at(38) }, { agent: true })
    for (let day = 35; day >= 0; day--) {
      for (let i = ctx.r.int(1, 3); i > 0; i--) await simulateRegistration({ ...ctx, at: at(day) })
    }
    for (let i = 0; i < 6; i++) await simulateTrialMember({ ...ctx, at: at(ctx.r.int(0, 20)) })
    for (let i = 0; i < 8; i++) await simulateVirtualAccount({ ...ctx, at: at(30) })
  },
}
