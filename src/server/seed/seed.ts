// First start: products, the menu tree, the super admin, and demo roles with a demo admin each.
import type { Db, Queryable } from '../db/db'
import { one } from '../db/db'
import { flattenMenus, MENU_TREE, type Area } from '../../contract/menus'
import { generatePassword, hashPassword } from '../auth/password'
import type { RouteSpec } from '../http/route'
import { syncPermissions } from './permissions'
import { syncMenus } from './menus'
import { seedProductDefaults } from './product-defaults'

export const DEMO_PRODUCTS: [string, string][] = [['alpha', '金沙彩票'], ['beta', '银河彩票']]

/** Demo roles: [name, remark, the areas whose pages they hold, product (null = platform)]. */
const DEMO_ROLES: [string, string, Area[], string | null][] = [
  ['财务', '充值、提现、账变与报表', ['home', 'report', 'finance', 'invest'], null],
  ['客服', '会员资料、银行卡与钱包', ['home', 'member'], null],
  ['运营', '房间、玩法、开奖与投注', ['home', 'lottery', 'report'], null],
  ['产品运营', '本产品的会员与彩票', ['home', 'member', 'lottery'], 'alpha'],
]
const DEMO_ADMINS: [string, string, string, string | null][] = [
  ['caiwu', '财务小王', '财务', null],
  ['kefu', '客服小李', '客服', null],
  ['yunying', '运营小张', '运营', null],
  ['alpha_admin', '金沙产品管理员', '产品运营', 'alpha'],
]

export interface SeedResult { firstStart: boolean; adminPassword?: string; generated: boolean }

async function createAdmin(db: Queryable, username: string, nickname: string, password: string, role: string, product: string | null) {
  const a = await one<{ id: number }>(db,
    'insert into admins (username, nickname, password_hash, product) values ($1, $2, $3, $4) returning id',
    [username, nickname, await hashPassword(password), product])
  await db.query('insert into admin_roles (admin_id, role_id) select $1, id from roles where name = $2', [a!.id, role])
}

export async function seed(db: Db, routes: RouteSpec[], opts: { adminPassword?: string; demo?: boolean } = {}): Promise<SeedResult> {
  return db.tx(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(4242002)')
    const first = !(await one(tx, 'select 1 from admins limit 1'))
    if (!first) {
      await syncMenus(tx, MENU_TREE)
      await syncPermissions(tx, routes)
      await seedProductDefaults(tx)
      return { firstStart: false, generated: false }
    }
    let sort = 0
    for (const [code, name] of DEMO_PRODUCTS) {
      await tx.query('insert into products (code, name, sort) values ($1, $2, $3) on conflict do nothing', [code, name, (sort += 10)])
    }
    await seedProductDefaults(tx)
    await syncMenus(tx, MENU_TREE)
    await syncPermissions(tx, routes)
    await tx.query(`insert into roles (name, remark, is_super) values ('超级管理员', '拥有全部菜单与权限', true)`)
    const password = opts.adminPassword ?? generatePassword()
    await createAdmin(tx, 'admin', '超级管理员', password, '超级管理员', null)
    if (opts.demo !== false) {
      for (const [name, remark, areas, product] of DEMO_ROLES) {
        const r = await one<{ id: number }>(tx, 'insert into roles (name, remark, product) values ($1, $2, $3) returning id', [name, remark, product])
        await tx.query(
          `insert into role_menus (role_id, menu_id)
           select $1, id from menus where web_uri = any($2::text[])`,
          [r!.id, flattenMenus().filter((m) => areas.includes(m.area)).map((m) => m.path)])
        // The directories above granted pages too, as the role screen saves them.
        await tx.query(
          `insert into role_menus (role_id, menu_id)
           select distinct $1::int, m.parent_id from menus m join role_menus rm on rm.menu_id = m.id
            where rm.role_id = $1 and m.parent_id is not null on conflict do nothing`, [r!.id])
        await tx.query(
          `insert into role_permissions (role_id, permission_id)
           select $1, p.id from permissions p join role_menus rm on rm.menu_id = p.menu_id where rm.role_id = $1`, [r!.id])
      }
      for (const [username, nickname, role, product] of DEMO_ADMINS) await createAdmin(tx, username, nickname, password, role, product)
    }
    return { firstStart: true, adminPassword: password, generated: !opts.adminPassword }
  })
}
