// recharges_totals and withdrawals_totals: the statement triggers (migration 009) that keep finance_totals, the count
// and sums per (product, status) of recharges (what 1) and withdrawals (what 2, with their fees), on the writing
// transaction's strand slot (rule 1 of src/server/report/rollups.ts). A status change moves its row's figures from the
// old status to the new one.
import { addOnStrand, FINANCE_TOTALS } from '../../report/rollups'

const totals = (table: string, what: number, fee: (row: string) => string) => /* sql */ `
create or replace function ${table}_totals() returns trigger language plpgsql as $f$
begin
  if tg_op = 'INSERT' then
    ${addOnStrand(FINANCE_TOTALS, `select product, ${what} as what, status, 1 as n, amount, ${fee('new_rows')} as fee from new_rows`)};
  else
    ${addOnStrand(FINANCE_TOTALS, `
      select o.product, ${what} as what, o.status, -1 as n, -o.amount as amount, -${fee('o')} as fee
        from old_rows o join new_rows n on n.id = o.id where n.status <> o.status
      union all
      select n.product, ${what}, n.status, 1, n.amount, ${fee('n')}
        from old_rows o join new_rows n on n.id = o.id where n.status <> o.status`)};
  end if;
  return null;
end $f$;
`

export default totals('recharges', 1, () => '0') + totals('withdrawals', 2, (row) => `${row}.fee`)
