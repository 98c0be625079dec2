// /api/syswhitelist: the master-control whitelist (总控白名单), platform-global, and its master switch.
import { route, type Ctx } from '../http/route'
import { listRoute } from '../db/list'
import { conflict, notFound } from '../errors'
import { syswhitelist } from '../../contract/api/admin'
import { PAGE_SIZES } from '../../contract/common'
import {
  assertCallerKeepsAccess, deleteEntries, entriesByIds, ENTRY_COLS, insertEntry, ipTaken, parseIp, setWhitelistEnabled, updateEntry,
  whitelistEnabled,
} from './syswhitelist-store'
import { created, edited } from './records'

/** The caller must still get in after this change (only matters while the switch is on). */
const keepCaller = (ctx: Ctx) => assertCallerKeepsAccess(ctx.db, ctx.ip)

export default [
  listRoute(syswhitelist.index, {
    from: 'sys_whitelist w', select: ENTRY_COLS, id: 'w.id', table: 'sys_whitelist', perPage: PAGE_SIZES.whitelist,
    extra: async (_q, f) => ({ enabled: await whitelistEnabled(f.db), your_ip: f.ctx.ip }),
  }),
  created(syswhitelist.create, async (ctx, b) => {
    const ip = parseIp(b.ip)
    const entry = await insertEntry(ctx.db, ip, (b.remark ?? '').trim(), ctx.caller.username)
    if (!entry) throw conflict(`白名单中已有 ${ip}`)
    return entry
  }),
  edited(syswhitelist.edit, async (ctx, b) => {
    const ip = parseIp(b.ip)
    const [before] = await entriesByIds(ctx.db, [b.id], true)
    if (!before) throw notFound()
    if (await ipTaken(ctx.db, ip, b.id)) throw conflict(`白名单中已有 ${ip}`)
    const after = await updateEntry(ctx.db, b.id, ip, (b.remark ?? '').trim())
    await keepCaller(ctx)
    return { before, after }
  }),
  route(syswhitelist.delete, async (ctx, b) => {
    const ids = [...new Set(b.ids)]
    const before = await entriesByIds(ctx.db, ids, true)
    if (before.length !== ids.length) throw notFound()
    await deleteEntries(ctx.db, ids)
    await keepCaller(ctx)
    ctx.audit.target_ids = ids.map(String)
    ctx.audit.before = before
    return null
  }),
  route(syswhitelist.switch, async (ctx, b) => {
    const before = await whitelistEnabled(ctx.db)
    await setWhitelistEnabled(ctx.db, b.enabled)
    await keepCaller(ctx)
    ctx.audit.target_ids = ['whitelist_enabled']
    ctx.audit.before = { enabled: before }
    ctx.audit.after = { enabled: b.enabled }
    return { enabled: b.enabled }
  }),
]
