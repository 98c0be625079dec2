// What a transfer of real money means to the report, generated from the transfer types' declarations
// (TRANSFER_TYPES in contract/ledger): the SQL function report_classify, which the ledger's functions call for every
// movement (report_transfer, ledger_transfer_batch) and the recomputation calls over the records, and the types whose
// first movement is a member's first recharge.
import { KIND, TRANSFER_DECLS, type ReportEffect } from '../../contract/ledger'
import { DELTA_FIELDS, type DeltaField } from './metrics'

const other = (side: 'from' | 'to') => (side === 'from' ? 'to' : 'from')

/** One effect as a WHEN of report_classify's CASE over its parameters (p_type, p_from_kind, p_from_owner, …, p_amount). */
function when(type: number, e: ReportEffect): string {
  const test = [`p_type = ${type}`, `p_${e.side}_kind = ${e.account ?? KIND.available}`]
  if (e.other !== undefined) test.push(`p_${other(e.side)}_kind = ${e.other}`)
  const value = (f: DeltaField) =>
    f === e.add ? (e.sign === -1 ? '-p_amount' : 'p_amount') : f === e.count ? '1' : '0'
  return `when ${test.join(' and ')} then row(p_${e.side}_owner, ${DELTA_FIELDS.map(value).join(', ')})::report_delta`
}

/** Every declared effect, in declaration order (within a type, the first that matches wins). */
export const CLASSIFY_CASES = TRANSFER_DECLS.flatMap((t) => (t.report ?? []).map((e) => when(t.id, e)))

/** The function file's text (src/server/db/functions): the same signature as migration 011 made, the body derived. */
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

const FIRSTS = TRANSFER_DECLS.flatMap((t) => (t.report ?? []).filter((e) => e.firstRecharge).map((e) => ({ type: t.id, e })))
const FIRST_ACCOUNTS = [...new Set(FIRSTS.map(({ e }) => e.account ?? KIND.available))]
// The rebuild reads a first recharge's member from the transfer's receiving account (ta below), of one kind.
if (FIRSTS.some(({ e }) => e.side !== 'to') || FIRST_ACCOUNTS.length !== 1) throw new Error('first recharges are declared into one kind of account')

/** The types whose first movement to a member is its first recharge. */
export const FIRST_RECHARGE_TYPES = [...new Set(FIRSTS.map((f) => f.type))]

/** SQL: a movement of this type into an account of this kind is a first-recharge kind of movement (its member the account's owner). */
export const FIRST_RECHARGE_WHERE = (type: string, toKind: string) =>
  `${type} in (${FIRST_RECHARGE_TYPES.join(', ')}) and ${toKind} = ${FIRST_ACCOUNTS[0]}`
