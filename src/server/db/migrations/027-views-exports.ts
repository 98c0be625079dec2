// Saved views (an admin's named filters, sort, columns and page size of a list), column settings per admin and list
// (widths and visibility that follow the admin to another browser), and export jobs (status rows that survive a
// restart; the file under DATA_DIR is kept 24 hours for its owner).
export default /* sql */ `
create table saved_views (
  id serial primary key,
  admin_id int not null references admins(id) on delete cascade,
  list text not null,
  name text not null,
  state jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (admin_id, list, name)
);

create table column_settings (
  admin_id int not null references admins(id) on delete cascade,
  list text not null,
  columns jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (admin_id, list)
);

create table export_jobs (
  id serial primary key,
  admin_id int not null references admins(id) on delete cascade,
  product text not null,
  list text not null,
  title text not null,
  format text not null check (format in ('csv', 'xlsx')),
  query jsonb not null,
  columns jsonb not null,
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  rows bigint not null default 0,
  total bigint,
  error text not null default '',
  file text not null default '',
  bytes bigint not null default 0,
  created_at timestamptz not null default now(),
  beat_at timestamptz not null default now(),
  finished_at timestamptz,
  expires_at timestamptz not null default now() + interval '24 hours'
);
create index export_jobs_admin on export_jobs (admin_id, id desc);
create index export_jobs_running on export_jobs (beat_at) where status = 'running';
`
