// The products the caller may work in, and switching the session's current product.
import { route } from '../http/route'
import { many, one } from '../db/db'
import { forbidden, notFound } from '../errors'
import { userInfo } from '../rbac/userinfo'
import { product } from '../../contract/api/product'

export default [
  route(product.index, async (ctx) => {
    // A product admin sees only the product it is pinned to; platform admins see every product.
    const rows = await many<{ code: string; name: string }>(ctx.db,
      'select code, name from products where $1::text is null or code = $1 order by sort, code', [ctx.caller.pinned])
    return { _current_pro: ctx.caller.product, products: Object.fromEntries(rows.map((r) => [r.code, r.name])) }
  }),
  route(product.switch, async (ctx, b) => {
    const pro = b.pro.trim()
    if (!(await one(ctx.db, 'select 1 from products where code = $1', [pro]))) throw notFound('产品不存在')
    if (ctx.caller.pinned !== null && ctx.caller.pinned !== pro) throw forbidden('您只能管理所属产品')
    await ctx.db.query('update sessions set product = $2 where id = $1', [ctx.caller.sessionId, pro])
    ctx.audit.target_ids = [pro]
    ctx.audit.before = { product: ctx.caller.product }
    ctx.audit.after = { product: pro }
    return userInfo(ctx.db, { ...ctx.caller, product: pro })
  }),
]
