// 网站白名单: per product, the IPs or CIDR ranges allowed to call back and to reach the member site during maintenance;
// 12 a page, an address filter matching the entries that contain it or that it contains, duplicates (however written) 409.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { listRoute } from '../db/list'
import { TIME } from '../http/format'
import { conflict, notFound } from '../errors'
import { PAGE_SIZES } from '../../contract/common'
import { whitelist } from '../../contract/api/settings'
import { IP_TEXT, parseIp } from '../admin/syswhitelist-store'
import type { SiteWhitelistEntry } from '../../contract/settings'

const COLS = `w.id, ${IP_TEXT} as ip, w.remark, w.admin, ${TIME('w.created_at')} as created_at`

async function byIds(db: Queryable, product: string, ids: number[], lock = false): Promise<SiteWhitelistEntry[]> {
  return many<SiteWhitelistEntry>(db,
    `select ${COLS} from site_whitelist w where w.id = any($1::int[]) and w.product = $2 order by w.id${lock ? ' for update' : ''}`, [ids, product])
}

async function taken(db: Queryable, product: string, ip: string, exceptId = 0): Promise<void> {
  if (await one(db, 'select 1 from site_whitelist where product = $1 and ip = $2::cidr and id <> $3', [product, ip, exceptId])) {
    throw conflict(`系统已存在相同数据：网站白名单中已有 ${ip}`)
  }
}

export default [
  listRoute(whitelist.index, {
    from: 'site_whitelist w', select: COLS, id: 'w.id', table: 'site_whitelist', product: 'w.product', perPage: PAGE_SIZES.whitelist,
    filters: {
      ip: (w, v) => {
        if (!v.trim()) return
        const ip = parseIp(v, '')
        w.add('(?::inet <<= w.ip or w.ip <<= ?::inet)', ip, ip)
      },
    },
  }),
  route(whitelist.create, async (ctx, b) => {
    const ip = parseIp(b.ip)
    await taken(ctx.db, ctx.caller.product, ip)
    const r = await one<{ id: number }>(ctx.db,
      `insert into site_whitelist (product, ip, remark, admin) values ($1, $2::cidr, $3, $4) on conflict do nothing returning id`,
      [ctx.caller.product, ip, (b.remark ?? '').trim(), ctx.caller.username])
    if (!r) throw conflict(`系统已存在相同数据：网站白名单中已有 ${ip}`)
    const [entry] = await byIds(ctx.db, ctx.caller.product, [r.id])
    ctx.audit.target_ids = [String(r.id)]
    ctx.audit.after = entry
    return entry
  }),
  route(whitelist.edit, async (ctx, b) => {
    const ip = parseIp(b.ip)
    const [before] = await byIds(ctx.db, ctx.caller.product, [b.id], true)
    if (!before) throw notFound()
    await taken(ctx.db, ctx.caller.product, ip, b.id)
    await ctx.db.query('update site_whitelist set ip = $2::cidr, remark = $3 where id = $1', [b.id, ip, (b.remark ?? '').trim()])
    const [after] = await byIds(ctx.db, ctx.caller.product, [b.id])
    ctx.audit.before = before
    ctx.audit.after = after
    return after
  }),
  route(whitelist.delete, async (ctx, b) => {
    const ids = [...new Set(b.ids)]
    const before = await byIds(ctx.db, ctx.caller.product, ids, true)
    if (before.length !== ids.length) throw notFound()
    await ctx.db.query('delete from site_whitelist where id = any($1::int[])', [ids])
    ctx.audit.target_ids = ids.map(String)
    ctx.audit.before = before
    return null
  }),
]
