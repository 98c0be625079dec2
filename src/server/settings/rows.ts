// Setting rows as the console edits them: a category's rows with each built-in's bounds, a value changed after it
// passed its type and bounds (and the min/max pairs stay ordered), custom rows added and deleted (built-ins never).
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { badRequest, conflict, notFound } from '../errors'
import { TIME } from '../http/format'
import type { Setting, SettingType } from '../../contract/settings'
import { BUILTIN_BY_KEY, SETTING_PAIRS } from './catalog'
import { normaliseSetting, readSettings } from './store'
import { parseRejectReasons } from '../../contract/review'

const COLS = `s.id, s.category::int as category, s.key, s.name, s.value, s.value_type, s.remark, s.sort, s.builtin,
  ${TIME('s.updated_at')} as updated_at`

function withBounds(r: Omit<Setting, 'min' | 'max' | 'max_length'>): Setting {
  const d = r.builtin ? BUILTIN_BY_KEY.get(r.key) : undefined
  return { ...r, min: d?.min ?? null, max: d?.max ?? null, max_length: d?.maxLength ?? (r.value_type === 'text' ? 500 : null) }
}

export async function listSettings(db: Queryable, product: string, category: number): Promise<Setting[]> {
  const rows = await many<Setting>(db, `select ${COLS} from settings s where s.product = $1 and s.category = $2 order by s.sort, s.id`, [product, category])
  return rows.map(withBounds)
}

async function settingsByIds(db: Queryable, product: string, category: number, ids: number[], lock = false): Promise<Setting[]> {
  const rows = await many<Setting>(db,
    `select ${COLS} from settings s where s.id = any($1::int[]) and s.product = $2 and s.category = $3 order by s.id${lock ? ' for update' : ''}`,
    [ids, product, category])
  return rows.map(withBounds)
}

function checked(type: SettingType, raw: string, bounds: { min?: number; max?: number; maxLength?: number }, name: string): string {
  const r = normaliseSetting(type, raw, bounds)
  if ('error' in r) throw badRequest(`${name}${r.error}`, 'value')
  return r.value
}

/** Rules across keys: a minimum never above its maximum; the default level one of the product's levels; the rejection reasons well-formed. */
async function crossCheck(db: Queryable, product: string, key: string): Promise<void> {
  const pair = SETTING_PAIRS.find((p) => p.includes(key))
  if (pair) {
    const s = await readSettings(db, product, pair)
    if (s.cents(pair[0]) > s.cents(pair[1])) {
      throw badRequest(`${BUILTIN_BY_KEY.get(pair[0])!.name}不能高于${BUILTIN_BY_KEY.get(pair[1])!.name}`, 'value')
    }
  }
  if (key === 'withdraw_reject_reasons') {
    const r = parseRejectReasons((await readSettings(db, product, [key])).text(key))
    if ('error' in r) throw badRequest(`${BUILTIN_BY_KEY.get(key)!.name}：${r.error}`, 'value')
  }
  if (key === 'default_level_id') {
    const id = (await readSettings(db, product, [key])).number(key)
    if (id && !(await one(db, 'select 1 from member_levels where id = $1 and product = $2', [id, product]))) throw badRequest('默认会员等级不存在', 'value')
  }
}

export async function editSetting(db: Queryable, product: string, category: number, id: number, raw: string, remark?: string):
  Promise<{ before: Setting; after: Setting }> {
  const [before] = await settingsByIds(db, product, category, [id], true)
  if (!before) throw notFound('设置项不存在')
  const d = before.builtin ? BUILTIN_BY_KEY.get(before.key) : undefined
  const value = checked(before.value_type, raw, d ?? {}, before.name)
  await db.query(`update settings set value = $2, remark = coalesce($3, remark), updated_at = now() where id = $1`,
    [id, value, remark === undefined ? null : remark.trim()])
  await crossCheck(db, product, before.key)
  const [after] = await settingsByIds(db, product, category, [id])
  return { before, after }
}

interface CustomSetting { key: string; name: string; value_type: SettingType; value: string; remark?: string; sort?: number }

export async function addSetting(db: Queryable, product: string, category: number, c: CustomSetting): Promise<Setting> {
  if (BUILTIN_BY_KEY.has(c.key)) throw conflict(`${c.key} 是内置设置项`)
  const value = checked(c.value_type, c.value, {}, c.name.trim())
  const r = await one<{ id: number }>(db,
    `insert into settings (product, category, key, name, value, value_type, remark, sort, builtin)
     values ($1, $2, $3, $4, $5, $6, $7, coalesce($8, (select coalesce(max(sort), 0) + 10 from settings where product = $1)), false)
     on conflict (product, key) do nothing returning id`,
    [product, category, c.key, c.name.trim(), value, c.value_type, (c.remark ?? '').trim(), c.sort ?? null])
  if (!r) throw conflict(`系统已存在相同数据：设置项 ${c.key} 已存在`)
  return (await settingsByIds(db, product, category, [r.id]))[0]
}

export async function deleteSettings(db: Queryable, product: string, category: number, ids: number[]): Promise<Setting[]> {
  const rows = await settingsByIds(db, product, category, ids, true)
  if (rows.length !== ids.length) throw notFound('设置项不存在')
  const builtin = rows.filter((r) => r.builtin)
  if (builtin.length) throw conflict(`${builtin.map((r) => r.name).join('、')} 是内置设置项，不能删除`)
  await db.query('delete from settings where id = any($1::int[])', [ids])
  return rows
}
