// The live events' producers (triggers of migration 023): every writer — an API route, the simulator, another server
// instance, a script — tells every server process through pg_notify on the events channel, delivered when its
// transaction commits. A note is compact ({kind, product, id}); the listener loads the record (src/server/events).
// Withdrawals: a new one, a decision and a first approval (待复核); recharges: members' own (银联 0, 数字钱包 4), new or
// decided; sessions: ended, removed or moved to another product. Settlement notes its big wins through events_note
// itself (lottery/settle.ts). A statement with more than BULK_ROWS such rows sends one `counts` note per product.
import { BULK_ROWS, EVENTS_CHANNEL } from '../../events/channel'

/** A trigger body noting the rows (product, id) that `rows` selects as `kind` (the SQL `kind` expression). */
const noting = (kind: string, rows: string) => `
  select array_agg(x.product order by x.id), array_agg(x.id order by x.id) into v_products, v_ids from (${rows}) x;
  perform events_note(${kind}, v_products, v_ids);`

/**
 * The trigger of a record table: `<kind>.created` for the inserted rows that `created` keeps, `<kind>.decided` for the
 * updated rows (old `o`, new `n`) that `changed` keeps.
 */
const recordEvents = (table: string, kind: string, created: string, changed: string) => `
create or replace function events_${table}() returns trigger language plpgsql as $f$
declare v_products text[]; v_ids bigint[];
begin
  if tg_op = 'INSERT' then
    ${noting(`'${kind}.created'`, `select product, id from new_rows where ${created}`)}
  else
    ${noting(`'${kind}.decided'`, `select n.product, n.id from old_rows o join new_rows n on n.id = o.id where ${changed}`)}
  end if;
  return null;
end $f$;`

export default /* sql */ `
create or replace function events_note(p_kind text, p_products text[], p_ids bigint[]) returns void
language plpgsql as $f$
begin
  if coalesce(cardinality(p_ids), 0) = 0 then return; end if;
  if cardinality(p_ids) > ${BULK_ROWS} then
    perform pg_notify('${EVENTS_CHANNEL}', json_build_object('kind', 'counts', 'product', p)::text)
       from (select distinct unnest(p_products) as p) d;
    return;
  end if;
  perform pg_notify('${EVENTS_CHANNEL}', json_build_object('kind', p_kind, 'product', x.p, 'id', x.i)::text)
     from unnest(p_products, p_ids) with ordinality x(p, i, o) order by x.o;
end $f$;

${recordEvents('withdrawals', 'withdraw', 'true', 'n.status <> o.status or n.first_review_admin <> o.first_review_admin')}
${recordEvents('recharges', 'recharge', 'source in (0, 4)', 'n.status <> o.status and n.source in (0, 4)')}

create or replace function events_sessions() returns trigger language plpgsql as $f$
begin
  if tg_op = 'DELETE' then
    if old.ended_at is null then
      perform pg_notify('${EVENTS_CHANNEL}', json_build_object('kind', 'session', 'id', old.id)::text);
    end if;
  elsif new.ended_at is distinct from old.ended_at or new.product is distinct from old.product then
    perform pg_notify('${EVENTS_CHANNEL}', json_build_object('kind', 'session', 'id', new.id)::text);
  end if;
  return null;
end $f$;
`
