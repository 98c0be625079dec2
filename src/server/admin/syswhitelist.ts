// /api/syswhitelist: the master-control whitelist (总控白名单), platform-global, and its master switch.
import { Type } from '@sinclair/typebox'
import { route, type Ctx } from '../http/route'
import { Id, IdsBody, ListQuery, paged, paging, Text } from '../http/schemas'
import { badRequest, conflict, notFound } from '../errors'
import { PAGE_SIZES } from '../../contract/common'
import {
  assertCallerKeepsAccess, deleteEntries, entriesByIds, insertEntry, ipTaken, listEntries, normaliseIp,
  setWhitelistEnabled, updateEntry, whitelistEnabled,
} from './syswhitelist-store'

const MENU = '/layout/admin/whitelist'

const EntryBody = {
  ip: Text('IP地址', 64, 1),
  remark: Type.Optional(Text('备注', 100)),
}

function parseIp(raw: string): string {
  const ip = normaliseIp(raw)
  if (!ip) throw badRequest('IP地址格式不正确，请输入 IPv4/IPv6 地址或网段（如 10.0.0.0/24）', 'ip')
  return ip
}

/** The caller must still get in after this change (only matters while the switch is on). */
const keepCaller = (ctx: Ctx) => assertCallerKeepsAccess(ctx.db, ctx.ip)

export default [
  route({
    method: 'GET', url: '/api/syswhitelist/index', summary: '总控白名单列表（含总开关与当前IP）', menu: MENU, action: 'R',
    query: ListQuery({}),
    handler: async (ctx, q) => {
      const p = paging(q, PAGE_SIZES.whitelist)
      const { items, total } = await listEntries(ctx.db, p)
      return { ...paged(items, total, p), enabled: await whitelistEnabled(ctx.db), your_ip: ctx.ip }
    },
  }),
  route({
    method: 'POST', url: '/api/syswhitelist/create', summary: '新增总控白名单（IP 或 CIDR 网段）', menu: MENU, action: 'C',
    body: Type.Object(EntryBody),
    handler: async (ctx, b) => {
      const ip = parseIp(b.ip)
      const entry = await insertEntry(ctx.db, ip, (b.remark ?? '').trim(), ctx.caller.username)
      if (!entry) throw conflict(`白名单中已有 ${ip}`)
      ctx.audit.target_ids = [String(entry.id)]
      ctx.audit.after = entry
      return entry
    },
  }),
  route({
    method: 'POST', url: '/api/syswhitelist/edit', summary: '修改总控白名单', menu: MENU, action: 'U',
    body: Type.Object({ id: Id, ...EntryBody }),
    handler: async (ctx, b) => {
      const ip = parseIp(b.ip)
      const [before] = await entriesByIds(ctx.db, [b.id], true)
      if (!before) throw notFound()
      if (await ipTaken(ctx.db, ip, b.id)) throw conflict(`白名单中已有 ${ip}`)
      const after = await updateEntry(ctx.db, b.id, ip, (b.remark ?? '').trim())
      await keepCaller(ctx)
      ctx.audit.before = before
      ctx.audit.after = after
      return after
    },
  }),
  route({
    method: 'POST', url: '/api/syswhitelist/delete', summary: '删除总控白名单', menu: MENU, action: 'D',
    body: IdsBody,
    handler: async (ctx, b) => {
      const ids = [...new Set(b.ids)]
      const before = await entriesByIds(ctx.db, ids, true)
      if (before.length !== ids.length) throw notFound()
      await deleteEntries(ctx.db, ids)
      await keepCaller(ctx)
      ctx.audit.target_ids = ids.map(String)
      ctx.audit.before = before
      return null
    },
  }),
  route({
    method: 'POST', url: '/api/syswhitelist/switch', summary: '总控白名单总开关', menu: MENU, action: 'U',
    // JSON true/false only: no type coercion may turn a null or "0" into switching the whitelist off.
    body: Type.Object({ enabled: Type.Unsafe<boolean>({ title: '白名单开关', enum: [true, false] }) }),
    handler: async (ctx, b) => {
      const before = await whitelistEnabled(ctx.db)
      await setWhitelistEnabled(ctx.db, b.enabled)
      await keepCaller(ctx)
      ctx.audit.target_ids = ['whitelist_enabled']
      ctx.audit.before = { enabled: before }
      ctx.audit.after = { enabled: b.enabled }
      return { enabled: b.enabled }
    },
  }),
]
