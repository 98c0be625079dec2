// The tamper-evident audit chain: chain heads, the function that advances a head, and operation_logs chained per product
// (in strands `oplog:<product>:<n>`, see src/server/oplog/oplog.ts).
// hash_n = sha256(hash_{n-1} || sha256(content_n)), hash_0 = 32 zero bytes; see src/server/audit/ and README.
export default /* sql */ `
create table audit_heads (
  chain text primary key,
  seq bigint not null,
  hash bytea not null
);

-- One upsert: the head row stays locked until the caller's transaction commits, so concurrent writers of one chain
-- queue on it and the chain can neither fork nor skip. The caller stores (seq, hash) in the row it inserts.
create function audit_chain_next(p_chain text, p_content bytea, out seq bigint, out hash bytea)
language sql volatile as $$
  insert into audit_heads as h (chain, seq, hash)
  values (p_chain, 1, sha256(decode(repeat('00', 32), 'hex') || sha256(p_content)))
  on conflict (chain) do update set seq = h.seq + 1, hash = sha256(h.hash || sha256(p_content))
  returning h.seq, h.hash
$$;

alter table operation_logs add column chain text, add column chain_seq bigint, add column chain_hash bytea;
alter table operation_logs add constraint operation_logs_chain_seq unique (chain, chain_seq);

-- The canonical bytes of an operation log row: a JSON array (nulls stay null, strings stay strings, jsonb prints its
-- canonical text) with the time in UTC to the microsecond, so the session's TimeZone and DateStyle do not matter.
create function operation_log_content(
  p_chain text, p_id bigint, p_admin_id int, p_admin_name text, p_product text, p_action char(1), p_path text,
  p_target_ids text[], p_before jsonb, p_after jsonb, p_ip text, p_user_agent text, p_created_at timestamptz
) returns bytea language sql stable as $$
  select convert_to(jsonb_build_array('operation_logs/1', p_chain, p_id, p_admin_id, p_admin_name, p_product,
    p_action::text, p_path, to_jsonb(p_target_ids), p_before, p_after, p_ip, p_user_agent,
    to_char(p_created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'UTF8')
$$;

create function operation_log_content(r operation_logs) returns bytea language sql stable as $$
  select operation_log_content(r.chain, r.id, r.admin_id, r.admin_name, r.product, r.action, r.path,
    r.target_ids, r.before, r.after, r.ip, r.user_agent, r.created_at)
$$;

-- Rows written before this migration join strand 0 of their product's chain in id order (the history as it stood then).
alter table operation_logs disable trigger operation_logs_append_only;
do $$
declare
  r operation_logs;
  c text;
  n record;
begin
  for r in select * from operation_logs order by id loop
    c := 'oplog:' || coalesce(r.product, '-') || ':0';
    select * into n from audit_chain_next(c, operation_log_content(c, r.id, r.admin_id, r.admin_name, r.product,
      r.action, r.path, r.target_ids, r.before, r.after, r.ip, r.user_agent, r.created_at));
    update operation_logs set chain = c, chain_seq = n.seq, chain_hash = n.hash where id = r.id;
  end loop;
end $$;
alter table operation_logs enable trigger operation_logs_append_only;
`
