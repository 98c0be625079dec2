// recharges_totals and withdrawals_totals: the statement triggers (migration 009) that keep finance_totals, the count
// and sums per (product, status) of recharges (what 1) and withdrawals (what 2, with their fees), on the writing
// transaction's strand slot. A status change moves its row's figures from the old status to the new one.
import { STRAND_OF_TX } from '../constants'

const totals = (table: string, what: number, fee: string) => /* sql */ `
create or replace function ${table}_totals() returns trigger language plpgsql as $f$
begin
  if tg_op = 'INSERT' then
    insert into finance_totals as t (product, what, status, slot, n, amount, fee)
      select product, ${what}, status, (${STRAND_OF_TX})::smallint, count(*), sum(amount), ${fee === '0' ? '0' : `sum(${fee})`}
        from new_rows group by product, status order by product, status
      on conflict (product, what, status, slot) do update
        set n = t.n + excluded.n, amount = t.amount + excluded.amount, fee = t.fee + excluded.fee;
  else
    insert into finance_totals as t (product, what, status, slot, n, amount, fee)
      select product, ${what}, status, (${STRAND_OF_TX})::smallint, sum(dn), sum(da), sum(df)
        from (select o.product, o.status, -1 as dn, -o.amount as da, ${fee === '0' ? '0' : `-o.${fee}`} as df
                from old_rows o join new_rows n on n.id = o.id where n.status <> o.status
              union all
              select n.product, n.status, 1, n.amount, ${fee === '0' ? '0' : `n.${fee}`}
                from old_rows o join new_rows n on n.id = o.id where n.status <> o.status) x
       group by product, status order by product, status
      on conflict (product, what, status, slot) do update
        set n = t.n + excluded.n, amount = t.amount + excluded.amount, fee = t.fee + excluded.fee;
  end if;
  return null;
end $f$;
`

export default totals('recharges', 1, '0') + totals('withdrawals', 2, 'fee')
