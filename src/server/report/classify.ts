// What a transfer of real money means to the report, generated from the transfer types' declarations
// (TRANSFER_TYPES in contract/ledger): the SQL function report_classify, which the ledger's functions call for every
// movement (ledger_transfer, ledger_transfer_batch), the same classification as small columns for the recomputation
// over the records (EFFECT), and the types whose first movement is a member's first recharge.
import { KIND, TRANSFER_DECLS, type ReportEffect } from '../../contract/ledger'
import { DELTA_FIELDS, type DeltaField } from './metrics'

const other = (side: 'from' | 'to') => (side === 'from' ? 'to' : 'from')

/** Whether a movement has this effect, over columns named `${p}type`, `${p}from_kind`, `${p}to_kind`. */
function test(type: number, e: ReportEffect, p: string): string {
  const t = [`${p}type = ${type}`, `${p}${e.side}_kind = ${e.account ?? KIND.available}`]
  if (e.other !== undefined) t.push(`${p}${other(e.side)}_kind = ${e.other}`)
  return t.join(' and ')
}

/** Every declared effect, in declaration order (within a type, the first that matches wins): its number is its index. */
const EFFECTS = TRANSFER_DECLS.flatMap((t) => (t.report ?? []).map((e) => ({ type: t.id, e })))

/** One effect's delta over report_classify's parameters (p_type, p_from_kind, p_from_owner, …, p_amount). */
function delta(e: ReportEffect): string {
  const value = (f: DeltaField) =>
    f === e.add ? (e.sign === -1 ? '-p_amount' : 'p_amount') : f === e.count ? '1' : '0'
  return `row(p_${e.side}_owner, ${DELTA_FIELDS.map(value).join(', ')})::report_delta`
}

/** Each effect as a WHEN of report_classify's CASE. */
export const CLASSIFY_CASES = EFFECTS.map(({ type, e }) => `when ${test(type, e, 'p_')} then ${delta(e)}`)
/** Each effect as an IF of report_classify_one, in the same order. */
const CLASSIFY_BRANCHES = EFFECTS.map(({ type, e }) => `if ${test(type, e, 'p_')} then return ${delta(e)}; end if;`)

/**
 * The same classification as small columns, for a recomputation over millions of movements (a composite per movement
 * would be sorted and taken apart field by field): SQL over a movement's columns (`t.type`, `t.from_kind`, …) for its
 * effect's number (NULL: none), and over that number (`eff`) for the member, the signed amount and each day's figure.
 */
const numbers = (keep: (e: ReportEffect) => boolean) => EFFECTS.flatMap(({ e }, i) => (keep(e) ? [i] : []))
const among = (eff: string, ns: number[]) => (ns.length ? `${eff} in (${ns.join(', ')})` : 'false')
export const EFFECT = {
  of: (t: string) => `case ${EFFECTS.map(({ type, e }, i) => `when ${test(type, e, `${t}.`)} then ${i}`).join(' ')} end`,
  member: (eff: string, t: string) => `case when ${among(eff, numbers((e) => e.side === 'from'))} then ${t}.from_owner else ${t}.to_owner end`,
  signed: (eff: string, amount: string) => `case when ${among(eff, numbers((e) => e.sign === -1))} then -${amount} else ${amount} end`,
  /** An aggregate: the day's sum of an amount figure or count of a count figure, over rows of (eff, signed amount). */
  figure: (f: DeltaField, eff: string, amount: string) => {
    const adds = numbers((e) => e.add === f)
    const counts = numbers((e) => e.count === f)
    if (adds.length && counts.length) throw new Error(`report figure ${f} is both an amount and a count`)
    return counts.length ? `count(*) filter (where ${among(eff, counts)})` : adds.length ? `coalesce(sum(${amount}) filter (where ${among(eff, adds)}), 0)` : '0'
  },
  /** A movement that makes its member active that day: a stake (bet_amount up). */
  active: (eff: string, amount: string) => `(${among(eff, numbers((e) => e.add === 'bet_amount'))} and ${amount} > 0)`,
  /** A recharge that counts (its member's first one is its first recharge). */
  recharge: (eff: string) => among(eff, numbers((e) => e.count === 'recharge_count')),
}

/**
 * The function files' texts (src/server/db/functions): report_classify, the same signature as migration 011 made, the
 * body derived, for statements over many movements (a CASE inlined into the statement); and report_classify_one, the
 * same answers a branch at a time for one movement (ledger_transfer). A CASE of every effect is built and checked
 * whole each time a statement starts, which for one row cost a transfer more than the rest of its report write;
 * PL/pgSQL prepares only the tests it reaches and the one delta it returns.
 */
export const REPORT_CLASSIFY_SQL = /* sql */ `
-- What a transfer of real money means to the report, seen from the member's side (NULL member: nothing). Generated
-- from the transfer types' declarations (src/contract/ledger.ts) by src/server/report/classify.ts.
create or replace function report_classify(p_type smallint, p_from_kind smallint, p_from_owner int, p_to_kind smallint,
                                           p_to_owner int, p_amount bigint) returns report_delta
language sql immutable as $f$
  select case
    ${CLASSIFY_CASES.join('\n    ')}
  end
$f$;
`

/** report_classify_one's file text: the same answers as report_classify, for one movement (ledger_transfer). */
export const REPORT_CLASSIFY_ONE_SQL = /* sql */ `
-- What one transfer of real money means to the report: report_classify's answer, a branch at a time.
create or replace function report_classify_one(p_type smallint, p_from_kind smallint, p_from_owner int, p_to_kind smallint,
                                               p_to_owner int, p_amount bigint) returns report_delta
language plpgsql immutable as $f$
begin
  ${CLASSIFY_BRANCHES.join('\n  ')}
  return null;
end $f$;
`

const FIRSTS = EFFECTS.filter(({ e }) => e.firstRecharge)
const FIRST_ACCOUNTS = [...new Set(FIRSTS.map(({ e }) => e.account ?? KIND.available))]
// First recharges are declared on the receiving member's side, into one kind of account.
if (FIRSTS.some(({ e }) => e.side !== 'to') || FIRST_ACCOUNTS.length !== 1) throw new Error('first recharges are declared into one kind of account')
// The recomputation takes a member's first recharge (its time, its day) from the effects that count recharges.
if (FIRSTS.some(({ e }) => e.count !== 'recharge_count') || EFFECTS.some(({ e }) => e.count === 'recharge_count' && !e.firstRecharge)) {
  throw new Error('the effects that count recharges are the first-recharge kind')
}

/** The types whose first movement to a member is its first recharge. */
export const FIRST_RECHARGE_TYPES = [...new Set(FIRSTS.map((f) => f.type))]
