// The staging of the benchmark data's money: sections stage their legs in `bench_legs` (INSERT … SELECT, one session
// of legs per record or member, each session's running sum never below zero); the ledger module posts them
// (`postHistory` in src/server/ledger/history.ts).
import type { Db, Queryable } from '../db/db'
import { one } from '../db/db'

/** Session number ranges of the sections (a leg's session orders it among legs of the same instant). */
export const SESSION = { changes: 1e12, recharges: 2e12, withdrawals: 3e12, bets: 4e12, invest: 5e12, funds: 6e12 } as const

/** Staging tables of one run (unlogged, dropped at the end: the database is left as the migrations made it). */
export async function openStage(db: Db, product: string): Promise<{ members: number }> {
  await db.exec(`drop table if exists bench_legs; drop table if exists bench_members;
    create unlogged table bench_legs (at timestamptz not null, sess bigint not null, step smallint not null, money smallint not null,
      from_kind smallint not null, from_owner int, to_kind smallint not null, to_owner int, amount bigint not null, type smallint not null,
      key text not null, ref text not null default '', remark text not null default '')`)
  // Members who may act (enabled), in order of registration: a record at time t picks one registered by then.
  await db.query(`create unlogged table bench_members as
    select row_number() over (order by created_at, id)::int as n, id, created_at from members where product = $1 and kind = 0 and status = 1`, [product])
  await db.exec('alter table bench_members add primary key (n); analyze bench_members')
  const n = Number((await one<{ n: number }>(db, 'select count(*)::int as n from bench_members'))!.n)
  return { members: n }
}

export async function closeStage(db: Db): Promise<void> {
  await db.exec(`drop table if exists bench_legs; drop table if exists bench_members; drop table if exists bench_t; drop table if exists bench_f;
    drop table if exists bench_before`)
}

/** A pseudo-random integer ≥ 0 from `x` (an SQL bigint expression) and a salt: the same set gives the same data. */
export const rnd = (x: string, salt: number): string => `abs(hashint8extended((${x})::bigint, ${salt}))`

/**
 * SQL: the bench_members number of a member registered before time `t` (most of the time), picked by `x` and `salt`,
 * given the history's start `$start` and span in seconds `$span` and N members (parameters named by the caller).
 */
export const memberAt = (t: string, x: string, salt: number, start: string, span: string, n: string): string =>
  `1 + ${rnd(x, salt)} % greatest(1, least(${n}::int, ceil(${n}::int * extract(epoch from (${t}) - ${start}::timestamptz) / ${span}::float8)::int))`

/**
 * Opening money for members who spend it (`spend` answers member_id and amount rows): one recharge-like credit each,
 * half a minute after registration, before anything the member does.
 */
export async function fund(db: Queryable, tag: string, section: 'withdrawals' | 'bets', spend: string, params: unknown[]): Promise<void> {
  await db.query(
    `insert into bench_legs (at, sess, step, money, from_kind, from_owner, to_kind, to_owner, amount, type, key, ref, remark)
     select m.created_at + interval '30 seconds', ${SESSION.funds} + m.id, ${section === 'bets' ? 1 : 0}, 0, 10, null, 1, m.id, s.amount, 2,
            'bench:' || $1 || ':fund:${section}:' || m.id, 'RF' || m.id, '基准数据'
       from (select member_id, sum(amount)::bigint as amount from (${spend}) x group by member_id) s join members m on m.id = s.member_id`,
    [tag, ...params])
}

export type Log = (msg: string) => void

/** A duration as seconds with one decimal, in integer arithmetic. */
export const seconds = (ms: number): string => `${Math.floor(ms / 1000)}.${Math.floor((ms % 1000) / 100)} s`

export function rate(n: number, ms: number): string {
  return `${n} rows in ${seconds(ms)} (${Math.floor((n * 1000) / Math.max(ms, 1))} rows/s)`
}
