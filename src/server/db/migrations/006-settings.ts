// Website settings (网站设置) per product: built-in keys of every category seeded per product, custom rows beside them.
export default /* sql */ `
create table settings (
  id serial primary key,
  product text not null references products(code),
  category smallint not null check (category in (1, 2, 4)),
  key text not null,
  name text not null,
  value text not null default '',
  value_type text not null check (value_type in ('number', 'money', 'percent', 'switch', 'text', 'time_range')),
  remark text not null default '',
  sort int not null default 0,
  builtin boolean not null default false,
  updated_at timestamptz not null default now(),
  unique (product, key)
);
create index settings_category on settings (product, category, sort, id);
`
