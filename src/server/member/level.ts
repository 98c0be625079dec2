// 会员等级 (`level` in contract/api/member.ts): the list in level order, create, edit, delete; and the level rules:
// seeding five levels per product, upgrading after a recharge.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { listRoute } from '../db/list'
import { badRequest, conflict } from '../errors'
import type { Level } from '../../contract/member'
import { level } from '../../contract/api/member'
import type { InputOf } from '../../contract/endpoint'
import { cents } from './fields'
import { created, edited, removed } from './logged'

const LEVEL_COLS = `l.id, l.name, l.level, cents_text(l.upgrade_recharge) as upgrade_recharge, l.withdraw_times_daily,
  cents_text(l.withdraw_max_daily) as withdraw_max_daily, l.withdraw_fee_rate::text as withdraw_fee_rate, l.remark,
  (select count(*)::int from members m where m.level_id = l.id) as member_count`

/** [name, upgrade recharge 元, withdrawals a day, daily withdrawal limit 元 (0 = none), fee %]. */
const SEED: [string, number, number, number, string][] = [
  ['普通会员', 0, 3, 50_000, '1.00'], ['白银会员', 1_000, 5, 100_000, '0.80'], ['黄金会员', 10_000, 8, 300_000, '0.50'],
  ['铂金会员', 50_000, 10, 1_000_000, '0.30'], ['至尊会员', 200_000, 20, 0, '0.00'],
]

export async function seedLevels(db: Queryable, product: string): Promise<void> {
  if (await one(db, 'select 1 from member_levels where product = $1 limit 1', [product])) return
  let level = 0
  for (const [name, up, times, max, fee] of SEED) {
    await db.query(
      `insert into member_levels (product, name, level, upgrade_recharge, withdraw_times_daily, withdraw_max_daily, withdraw_fee_rate)
       values ($1, $2, $3, $4, $5, $6, $7::numeric)`, [product, name, (level += 1), up * 100, times, max * 100, fee])
  }
}

/** After total_recharge grew: the highest level it reaches, if above the member's current one (never a downgrade). */
export async function upgradeLevel(db: Queryable, memberId: number): Promise<{ from: number | null; to: number } | null> {
  const r = await one<{ from_id: number | null; to_id: number }>(db,
    `with m as (select id, product, level_id, total_recharge from members where id = $1),
          best as (select l.id, l.level from member_levels l, m where l.product = m.product and l.upgrade_recharge <= m.total_recharge
                    order by l.level desc limit 1)
     update members set level_id = best.id, updated_at = now() from m, best
      where members.id = m.id and (m.level_id is null or best.level > (select level from member_levels where id = m.level_id))
      returning m.level_id as from_id, best.id as to_id`, [memberId])
  return r ? { from: r.from_id, to: r.to_id } : null
}

type LevelBody = InputOf<typeof level.create>

function values(b: LevelBody) {
  const fee = String(b.withdraw_fee_rate).trim()
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(fee) || Number(fee) > 100) throw badRequest('提现手续费率须为 0-100 之间的百分比，最多两位小数', 'withdraw_fee_rate')
  return [b.name.trim(), b.level, cents(b.upgrade_recharge, 'upgrade_recharge', '升级累计充值', { allowZero: true }),
    b.withdraw_times_daily, cents(b.withdraw_max_daily, 'withdraw_max_daily', '每日提现上限', { allowZero: true }), fee, (b.remark ?? '').trim()]
}

async function taken(db: Queryable, product: string, b: LevelBody, exceptId = 0): Promise<void> {
  const clash = await one<{ name: string; level: number }>(db,
    'select name, level from member_levels where product = $1 and (level = $2 or name = $3) and id <> $4', [product, b.level, b.name.trim(), exceptId])
  if (clash) throw conflict(clash.level === b.level ? `等级序号 ${b.level} 已被「${clash.name}」使用` : `等级名称「${clash.name}」已存在`)
}

async function byIds(db: Queryable, product: string, ids: number[]): Promise<Level[]> {
  return many<Level>(db, `select ${LEVEL_COLS} from member_levels l where l.id = any($1::int[]) and l.product = $2 order by l.level`, [ids, product])
}

export default [
  listRoute(level.index, {
    from: 'member_levels l', select: LEVEL_COLS, id: 'l.id', table: 'member_levels', product: 'l.product',
    order: { col: 'l.level', dir: 'asc', type: 'int' },
  }),
  route(level.create, async (ctx, b) => {
    const v = values(b)
    await taken(ctx.db, ctx.caller.product, b)
    const r = await one<{ id: number }>(ctx.db,
      `insert into member_levels (product, name, level, upgrade_recharge, withdraw_times_daily, withdraw_max_daily, withdraw_fee_rate, remark)
       values ($1, $2, $3, $4, $5, $6, $7::numeric, $8) returning id`, [ctx.caller.product, ...v])
    return created(ctx, r!.id, async (id) => (await byIds(ctx.db, ctx.caller.product, [id]))[0])
  }),
  route(level.edit, (ctx, b) => edited(ctx, async () => (await byIds(ctx.db, ctx.caller.product, [b.id]))[0], '会员等级不存在', async () => {
    const v = values(b)
    await taken(ctx.db, ctx.caller.product, b, b.id)
    await ctx.db.query(
      `update member_levels set name = $2, level = $3, upgrade_recharge = $4, withdraw_times_daily = $5, withdraw_max_daily = $6,
              withdraw_fee_rate = $7::numeric, remark = $8 where id = $1`, [b.id, ...v])
  })),
  route(level.delete, (ctx, b) => removed(ctx, b.ids, (ids) => byIds(ctx.db, ctx.caller.product, ids), '会员等级不存在', async (rows, ids) => {
    const held = rows.filter((l) => l.member_count > 0)
    if (held.length) throw conflict(`${held.map((l) => `「${l.name}」有 ${l.member_count} 个会员`).join('，')}，不能删除`)
    await ctx.db.query('delete from member_levels where id = any($1::int[])', [ids])
  })),
]
