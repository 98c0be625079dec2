// Member rules shared by the routes, the activity simulator and tests: registering (accounts opened, trial money
// granted), editing (agent chain kept acyclic, team paths moved), deleting only members without money history.
import { randomInt } from 'node:crypto'
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { badRequest, conflict, notFound } from '../errors'
import { hashPassword } from '../auth/password'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import { MEMBER_KINDS, openAccounts, transfer } from '../ledger/ledger'
import { readSettings } from '../settings/store'
import { foldReports } from '../report/fold'

export type MemberKind = 0 | 1 | 2

export interface MemberFields {
  nickname?: string; real_name?: string; phone?: string; level_id?: number | null; agent_id?: number | null
  status?: number; remark?: string; avatar?: string
}
export interface RegisterInput extends MemberFields {
  username: string
  kind?: MemberKind
  /** Plain passwords (the routes decrypt the console's RSA ciphertext first). */
  password?: string
  fund_password?: string
  register_ip?: string
  /** The member site's device id at registration (关联账号 groups by it). */
  register_device?: string
  /** Backfilled demo history. */
  at?: Date
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const inviteCode = () => Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('')

/** A concurrent registration can take the name between the check and the write: the unique index answers 409 too. */
async function nameUnique<T>(username: string, write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (e) {
    const err = e as { code?: string; constraint?: string; message?: string }
    if (err.code === '23505' && (err.constraint === 'members_username' || /members_username/.test(err.message ?? ''))) {
      throw conflict(`用户名 ${username} 已存在`)
    }
    throw e
  }
}

export async function usernameTaken(db: Queryable, product: string, username: string, exceptId = 0): Promise<boolean> {
  return !!(await one(db, 'select 1 from members where product = $1 and lower(username) = lower($2) and id <> $3', [product, username, exceptId]))
}

async function checkLevel(db: Queryable, product: string, levelId: number | null | undefined): Promise<number | null> {
  if (levelId === null || levelId === undefined) return null
  if (!(await one(db, 'select 1 from member_levels where id = $1 and product = $2', [levelId, product]))) throw badRequest('会员等级不存在', 'level_id')
  return levelId
}

/** The level a new member gets: the 默认会员等级 setting, else the product's lowest level. */
async function defaultLevel(db: Queryable, product: string): Promise<number | null> {
  const wanted = (await readSettings(db, product, ['default_level_id'])).number('default_level_id')
  const row = await one<{ id: number }>(db,
    `select id from member_levels where product = $1 and (id = $2 or $2 = 0) order by (id = $2) desc, level limit 1`, [product, wanted])
  return row?.id ?? null
}

/**
 * A product's agent tree changes one step at a time: moving a member, turning off an agent and deleting members take
 * this lock exclusively, registering under an agent shares it, always before any member row is locked. So two moves
 * can never close a loop between them, and no registration copies a path that a move is rewriting.
 */
async function lockTree(db: Queryable, product: string, mode: 'shared' | 'exclusive'): Promise<void> {
  await db.query(`select pg_advisory_xact_lock${mode === 'shared' ? '_shared' : ''}(hashtextextended('member-tree:' || $1, 0))`, [product])
}

/** The agent's own path extended by the agent: the new member's agent_path. */
async function agentPath(db: Queryable, product: string, agentId: number | null | undefined): Promise<number[]> {
  if (agentId === null || agentId === undefined) return []
  const a = await one<{ agent_path: number[] }>(db,
    'select agent_path from members where id = $1 and product = $2 and kind = 0 and is_agent', [agentId, product])
  if (!a) throw badRequest('所属代理不存在或不是代理', 'agent_id')
  return [...a.agent_path.map(Number), agentId]
}

/** Registers a member of any kind: the row, its ledger accounts, the count, and a trial member's play money. */
export async function registerMember(db: Queryable, product: string, input: RegisterInput): Promise<{ id: number }> {
  const kind = input.kind ?? 0
  if (await usernameTaken(db, product, input.username)) throw conflict(`用户名 ${input.username} 已存在`)
  const level = input.level_id !== undefined && input.level_id !== null
    ? await checkLevel(db, product, input.level_id) : await defaultLevel(db, product)
  if (kind === 0 && input.agent_id != null) await lockTree(db, product, 'shared')
  const path = kind === 0 ? await agentPath(db, product, input.agent_id) : []
  const [pw, fund] = await Promise.all([
    input.password ? hashPassword(input.password) : '', input.fund_password ? hashPassword(input.fund_password) : '',
  ])
  let row: { id: number } | undefined
  for (let attempt = 0; !row; attempt++) {
    row = await nameUnique(input.username, one<{ id: number }>(db,
      `insert into members (product, kind, username, password_hash, fund_password_hash, nickname, real_name, phone, level_id,
                            agent_id, agent_path, invite_code, status, register_ip, remark, avatar, created_at, updated_at, register_device)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, coalesce($17, now()), coalesce($17, now()), $18)
       on conflict (product, invite_code) do nothing returning id`,
      [product, kind, input.username, pw, fund, input.nickname ?? '', input.real_name ?? '', input.phone ?? '', level,
        path.length ? path[path.length - 1] : null, path, inviteCode(), input.status ?? 1, input.register_ip ?? '',
        input.remark ?? '', input.avatar ?? '', input.at ?? null, input.register_device ?? '']))
    if (!row && attempt > 5) throw conflict('邀请码生成失败，请重试')
  }
  await openAccounts(db, product, kind, row.id, MEMBER_KINDS)
  await db.query(
    `insert into member_counts (product, kind, n) values ($1, $2, 1) on conflict (product, kind) do update set n = member_counts.n + 1`,
    [product, kind])
  if (kind === 0) await db.query('select report_register($1, $2, coalesce($3::timestamptz, now()))', [product, row.id, input.at ?? null])
  if (kind === 2) await grantTrialMoney(db, product, row.id, input.at)
  return row
}

/** A trial member's play money (试玩金额 setting), from the trial pool, once. */
async function grantTrialMoney(db: Queryable, product: string, memberId: number, at?: Date): Promise<void> {
  const amount = (await readSettings(db, product, ['trial_balance'])).cents('trial_balance')
  if (amount <= 0) return
  await transfer(db, {
    key: `trial:grant:${memberId}`, product, money: MONEY.trial, from: { kind: KIND.trialPool },
    to: { kind: KIND.available, owner: memberId }, amount, type: TRANSFER.trialGrant, remark: '试玩金发放', at,
  })
}

export interface EditInput extends MemberFields {
  /** Absent: kept. */
  username?: string
  password?: string
  fund_password?: string
  is_agent?: boolean
  rebate_rate?: string
  /** Freezes (true) or lets again (false) the member's withdrawals; absent: kept. */
  withdraw_blocked?: boolean
}

export interface MemberRow {
  id: number; product: string; kind: MemberKind; username: string; nickname: string; real_name: string; phone: string
  level_id: number | null; agent_id: number | null; agent_path: number[]; is_agent: boolean; rebate_rate: string
  status: 0 | 1; remark: string; avatar: string; withdraw_blocked: boolean
}

export async function lockMember(db: Queryable, product: string, id: number, kind?: MemberKind): Promise<MemberRow> {
  const m = await one<MemberRow>(db,
    `select id, product, kind, username, nickname, real_name, phone, level_id, agent_id, agent_path, is_agent,
            rebate_rate::text as rebate_rate, status::int as status, remark, avatar, withdraw_blocked
       from members where id = $1 and product = $2 and ($3::int is null or kind = $3) for update`, [id, product, kind ?? null])
  if (!m) throw notFound('会员不存在')
  return { ...m, agent_path: m.agent_path.map(Number) }
}

/** Edits a member; a new agent may not be the member itself or anyone below it. Answers the row before and after. */
export async function editMember(db: Queryable, product: string, id: number, input: EditInput, kind: MemberKind = 0) {
  // A team change moves the member's report history, so the report's queue is folded first, before any lock or path
  // changes (the fold's lock, held to commit, keeps later folds from filing a queued delta under a team being left).
  if (kind === 0 && (input.agent_id !== undefined || input.is_agent !== undefined)) await foldReports(db)
  if (kind === 0 && (input.agent_id !== undefined || input.is_agent === false)) await lockTree(db, product, 'exclusive')
  const before = await lockMember(db, product, id, kind)
  const username = input.username ?? before.username
  if (username.toLowerCase() !== before.username.toLowerCase() && await usernameTaken(db, product, username, id)) {
    throw conflict(`用户名 ${username} 已存在`)
  }
  const level = input.level_id === undefined ? before.level_id : await checkLevel(db, product, input.level_id)
  const agentId = input.agent_id === undefined ? before.agent_id : input.agent_id
  let path = before.agent_path
  if (agentId !== before.agent_id) {
    if (agentId === id) throw badRequest('会员不能是自己的代理', 'agent_id')
    path = await agentPath(db, product, agentId)
    if (path.includes(id)) throw badRequest('不能把会员挂到自己的下级代理名下', 'agent_id')
  }
  const isAgent = input.is_agent ?? before.is_agent
  if (before.is_agent && !isAgent) {
    const n = (await one<{ n: number }>(db, 'select count(*)::int as n from members where agent_id = $1', [id]))!.n
    if (n > 0) throw conflict(`该代理名下还有 ${n} 个会员，请先调整他们的代理`)
  }
  const [pw, fund] = await Promise.all([
    input.password ? hashPassword(input.password) : null, input.fund_password ? hashPassword(input.fund_password) : null,
  ])
  await nameUnique(username, db.query(
    `update members set username = $2, nickname = $3, real_name = $4, phone = $5, level_id = $6, agent_id = $7, agent_path = $8,
            is_agent = $9, status = $10, remark = $11, rebate_rate = coalesce($12::numeric, rebate_rate),
            password_hash = coalesce($13, password_hash), fund_password_hash = coalesce($14, fund_password_hash), avatar = $15,
            withdraw_blocked = $16, updated_at = now()
      where id = $1`,
    [id, username, input.nickname ?? before.nickname, input.real_name ?? before.real_name, input.phone ?? before.phone, level,
      path.length ? path[path.length - 1] : null, path, isAgent, input.status ?? before.status, input.remark ?? before.remark,
      input.rebate_rate ?? null, pw, fund, input.avatar ?? before.avatar, input.withdraw_blocked ?? before.withdraw_blocked]))
  if (path.join() !== before.agent_path.join()) {
    // Everyone below the member keeps their place under it; only the part above the member changes.
    await db.query(
      `update members set agent_path = $2::int[] || agent_path[array_position(agent_path, $1):]
        where agent_path @> array[$1]::int[] and product = $3`, [id, path, product])
  }
  // The report's teams follow: the member's (and its team's) history leaves the agents it left and joins the new ones.
  if (kind === 0 && path.join() !== before.agent_path.join()) await db.query('select report_move($1, $2, $3::int[], $4::int[])', [product, id, before.agent_path, path])
  if (kind === 0 && isAgent !== before.is_agent) {
    await db.query('select report_move($1, $2, $3::int[], $4::int[])', [product, id, isAgent ? [] : [id], isAgent ? [id] : []])
  }
  const after = await lockMember(db, product, id, kind)
  return { before, after, passwordChanged: pw !== null, fundPasswordChanged: fund !== null }
}

/**
 * Deletes members with no money history, no money records (recharges or withdrawals in any state) and no balance,
 * who never logged in and have no notes (logins and notes are history the risk screens keep, notes are append-only);
 * anything else is refused with the names (请改为禁用). What only describes the account goes with it: its tags, cards,
 * wallets and the payee history. The members and their accounts are locked first, so no transfer can slip in
 * between the check and the delete.
 */
export async function deleteMembers(db: Queryable, product: string, ids: number[], kind: MemberKind = 0) {
  if (kind === 0) await lockTree(db, product, 'exclusive')
  const locked = await many<{ id: number }>(db,
    'select id from members where id = any($1::int[]) and product = $2 and kind = $3 order by id for update', [ids, product, kind])
  if (locked.length !== new Set(ids).size) throw notFound('会员不存在')
  await db.query('select id from ledger_accounts where product = $1 and owner_id = any($2::int[]) and kind < 4 order by id for update', [product, ids])
  const rows = await many<{ id: number; username: string; busy: boolean; history: boolean; downline: boolean }>(db,
    `select m.id, m.username,
            exists (select 1 from ledger_accounts a where a.product = m.product and a.owner_id = m.id and a.kind < 4
                      and (a.balance <> 0 or a.moved))
              or exists (select 1 from recharges r where r.member_id = m.id)
              or exists (select 1 from withdrawals w where w.member_id = m.id) as busy,
            exists (select 1 from member_logins l where l.member_id = m.id) or exists (select 1 from member_notes n where n.member_id = m.id) as history,
            exists (select 1 from members d where d.agent_id = m.id) as downline
       from members m where m.id = any($1::int[]) order by m.id`, [locked.map((r) => r.id)])
  const busy = rows.filter((r) => r.busy).map((r) => r.username)
  if (busy.length) throw conflict(`${busy.join('、')} 有资金记录或余额，不能删除，请改为禁用`)
  const kept = rows.filter((r) => r.history).map((r) => r.username)
  if (kept.length) throw conflict(`${kept.join('、')} 有登录记录或备注，不能删除，请改为禁用`)
  const lead = rows.filter((r) => r.downline).map((r) => r.username)
  if (lead.length) throw conflict(`${lead.join('、')} 名下还有会员，不能删除，请改为禁用`)
  // A deleted member never registered, as far as the report is concerned (it has no money history to keep).
  if (kind === 0) {
    await db.query(`select report_move($1, m.id, array[0] || m.agent_path || case when m.is_agent then array[m.id] else '{}'::int[] end, '{}'::int[])
                      from members m where m.id = any($2::int[])`, [product, ids])
    await db.query('delete from report_member_daily where member_id = any($1::int[])', [ids])
  }
  await db.query('delete from member_cards where member_id = any($1::int[])', [ids])
  await db.query('delete from member_wallets where member_id = any($1::int[])', [ids])
  await db.query('delete from ledger_accounts where product = $1 and owner_id = any($2::int[]) and kind < 4', [product, ids])
  await db.query('delete from members where id = any($1::int[])', [ids])
  await db.query('update member_counts set n = n - $3 where product = $1 and kind = $2', [product, kind, rows.length])
  return rows.map(({ id, username }) => ({ id, username }))
}
