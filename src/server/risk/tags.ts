// 会员标签 and notes: tags with a risk level (a member's risk level is the highest of its tags'), exclusive groups
// (two tags of one group are never held together), and append-only notes with their author.
import { many, one } from '../db/db'
import type { Queryable } from '../db/db'
import { listRoute } from '../db/list'
import { route } from '../http/route'
import { TIME } from '../http/format'
import { badRequest, conflict, notFound } from '../errors'
import { memberRisk, tag } from '../../contract/api/risk'
import type { MemberTag, Note, Tag } from '../../contract/risk'

const COLS = `t.id, t.name, t.color, t.risk_level::int as risk_level, t.exclusive, ${TIME('t.created_at')} as created_at,
  (select count(*)::int from member_tags mt where mt.tag_id = t.id) as member_count`

async function tagById(db: Queryable, product: string, id: number): Promise<Tag> {
  const r = await one<Tag>(db, `select ${COLS} from tags t where t.id = $1 and t.product = $2`, [id, product])
  if (!r) throw notFound('标签不存在')
  return r
}

/** The member of the product (any kind), locked for a change of its tags or notes. */
export async function memberOf(db: Queryable, product: string, id: number, lock = false): Promise<{ id: number; username: string }> {
  const m = await one<{ id: number; username: string }>(db, `select id, username from members where id = $1 and product = $2${lock ? ' for update' : ''}`, [id, product])
  if (!m) throw notFound('会员不存在')
  return m
}

/** A member's tags, highest risk first. */
export async function tagsOf(db: Queryable, memberId: number): Promise<MemberTag[]> {
  return many<MemberTag>(db, `select t.id, t.name, t.color, t.risk_level::int as risk_level from member_tags mt join tags t on t.id = mt.tag_id
    where mt.member_id = $1 order by t.risk_level desc, t.id`, [memberId])
}

/** SQL columns risk_level and tags (MemberTag[], highest risk first) of the member aliased `m`, as the records naming a member show them. */
export const MEMBER_RISK_COLS = (m: string) => `${m}.risk_level::int as risk_level,
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color, 'risk_level', t.risk_level) order by t.risk_level desc, t.id)
              from member_tags mt join tags t on t.id = mt.tag_id where mt.member_id = ${m}.id), '[]'::json) as tags`
/** The tags of many members in one query (a list page's), highest risk first per member. */
export async function tagsOfMembers(db: Queryable, memberIds: number[]): Promise<Map<number, MemberTag[]>> {
  const out = new Map<number, MemberTag[]>(memberIds.map((id) => [id, []]))
  if (!memberIds.length) return out
  const rows = await many<MemberTag & { member_id: number }>(db, `select mt.member_id, t.id, t.name, t.color, t.risk_level::int as risk_level
    from member_tags mt join tags t on t.id = mt.tag_id where mt.member_id = any($1::int[]) order by mt.member_id, t.risk_level desc, t.id`, [memberIds])
  for (const { member_id, ...tag } of rows) out.get(member_id)?.push(tag)
  return out
}

/** Rows carrying a member (its id under `key`) with that member's tags added as `tags`. */
export async function withTags<R extends Record<string, unknown>>(db: Queryable, rows: R[], key = 'id'): Promise<(R & { tags: MemberTag[] })[]> {
  const tags = await tagsOfMembers(db, [...new Set(rows.map((r) => Number(r[key])))])
  return rows.map((r) => ({ ...r, tags: tags.get(Number(r[key])) ?? [] }))
}

/** The newest notes of a member. */
export async function notesOf(db: Queryable, memberId: number, limit = 50): Promise<Note[]> {
  return many<Note>(db, `select id, text, admin, ${TIME('created_at')} as created_at from member_notes where member_id = $1 order by id desc limit $2`, [memberId, limit])
}

const fields = (b: { name: string; color?: string; risk_level: number; exclusive?: string }) => [b.name.trim(), b.color ?? '', b.risk_level, (b.exclusive ?? '').trim()]

async function nameFree(db: Queryable, product: string, name: string, exceptId = 0): Promise<void> {
  if (await one(db, 'select 1 from tags where product = $1 and name = $2 and id <> $3', [product, name.trim(), exceptId])) throw conflict(`标签「${name.trim()}」已存在`)
}

/** Keeps each holder's risk level the highest of its tags' after a tag changed or was taken. */
async function relevel(db: Queryable, memberIds: number[]): Promise<void> {
  await db.query(`update members m set risk_level = coalesce((select max(t.risk_level) from member_tags mt join tags t on t.id = mt.tag_id
    where mt.member_id = m.id), 0) where m.id = any($1::int[])`, [memberIds])
}

export async function createTag(db: Queryable, product: string, b: { name: string; color?: string; risk_level: number; exclusive?: string }): Promise<Tag> {
  await nameFree(db, product, b.name)
  const r = await one<{ id: number }>(db, 'insert into tags (product, name, color, risk_level, exclusive) values ($1, $2, $3, $4, $5) returning id',
    [product, ...fields(b)])
  return tagById(db, product, r!.id)
}

/** Sets a member's tags (two of one exclusive group: 409) and its risk level; answers the tags before and after. */
export async function setTags(db: Queryable, product: string, memberId: number, tagIds: number[]) {
  const m = await memberOf(db, product, memberId, true)
  const ids = [...new Set(tagIds)]
  const chosen = await many<{ id: number; name: string; exclusive: string }>(db,
    'select id, name, exclusive from tags where id = any($1::int[]) and product = $2 order by id', [ids, product])
  if (chosen.length !== ids.length) throw badRequest('标签不存在', 'tag_ids')
  const groups = new Map<string, string>()
  for (const t of chosen.filter((x) => x.exclusive)) {
    const other = groups.get(t.exclusive)
    if (other) throw conflict(`「${other}」与「${t.name}」属于同一互斥组（${t.exclusive}），不能同时持有`)
    groups.set(t.exclusive, t.name)
  }
  const before = await tagsOf(db, m.id)
  await db.query('delete from member_tags where member_id = $1 and not (tag_id = any($2::int[]))', [m.id, ids])
  await db.query('insert into member_tags (member_id, tag_id) select $1, unnest($2::int[]) on conflict do nothing', [m.id, ids])
  await relevel(db, [m.id])
  return { m, before, after: await tagsOf(db, m.id) }
}

/** Appends a note to a member (append-only: a trigger refuses changing or deleting one). */
export async function addNote(db: Queryable, product: string, memberId: number, text: string, admin: string, at?: Date) {
  const m = await memberOf(db, product, memberId)
  if (!text.trim()) throw badRequest('请填写备注内容', 'text')
  const note = await one<Note>(db, `insert into member_notes (product, member_id, text, admin, created_at) values ($1, $2, $3, $4, coalesce($5::timestamptz, now()))
    returning id, text, admin, ${TIME('created_at')} as created_at`, [product, m.id, text.trim(), admin, at ?? null])
  return { m, note: note! }
}

export default [
  listRoute(tag.index, {
    from: 'tags t', select: COLS, id: 't.id', table: 'tags', product: 't.product',
    filters: { name: (w, v) => { w.prefix('t.name', v) }, risk_level: 't.risk_level' },
  }),
  route(tag.show, (ctx, q) => tagById(ctx.db, ctx.caller.product, q.id)),
  route(tag.create, async (ctx, b) => {
    const after = await createTag(ctx.db, ctx.caller.product, b)
    ctx.audit.target_ids = [String(after.id)]
    ctx.audit.after = after
    return after
  }),
  route(tag.edit, async (ctx, b) => {
    const before = await tagById(ctx.db, ctx.caller.product, b.id)
    await nameFree(ctx.db, ctx.caller.product, b.name, b.id)
    await ctx.db.query('update tags set name = $2, color = $3, risk_level = $4, exclusive = $5 where id = $1', [b.id, ...fields(b)])
    const holders = await many<{ member_id: number }>(ctx.db, 'select member_id from member_tags where tag_id = $1 order by member_id', [b.id])
    await relevel(ctx.db, holders.map((h) => h.member_id))
    const after = await tagById(ctx.db, ctx.caller.product, b.id)
    Object.assign(ctx.audit, { before, after })
    return after
  }),
  route(tag.delete, async (ctx, b) => {
    const rows = await many<Tag>(ctx.db, `select ${COLS} from tags t where t.id = any($1::int[]) and t.product = $2 for update of t`, [b.ids, ctx.caller.product])
    if (rows.length !== new Set(b.ids).size) throw notFound('标签不存在')
    const held = rows.filter((r) => r.member_count > 0)
    if (held.length) throw conflict(held.map((r) => `「${r.name}」有 ${r.member_count} 个会员持有`).join('、') + '，不能删除，请先取下')
    await ctx.db.query('delete from tags where id = any($1::int[])', [b.ids])
    ctx.audit.before = rows
    return { ids: rows.map((r) => r.id) }
  }),
  route(memberRisk.tags, async (ctx, b) => {
    const { m, before, after } = await setTags(ctx.db, ctx.caller.product, b.member_id, b.tag_ids)
    Object.assign(ctx.audit, { target_ids: [String(m.id)], before: { username: m.username, tags: before }, after: { username: m.username, tags: after } })
    return after
  }),
  route(memberRisk.note, async (ctx, b) => {
    const { m, note } = await addNote(ctx.db, ctx.caller.product, b.member_id, b.text, ctx.caller.username)
    Object.assign(ctx.audit, { target_ids: [String(m.id)], after: { username: m.username, note } })
    return note
  }),
  route(memberRisk.notes, async (ctx, q) => ({ items: await notesOf(ctx.db, (await memberOf(ctx.db, ctx.caller.product, q.member_id)).id) })),
]
