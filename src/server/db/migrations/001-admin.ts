// Products, menus, permissions, roles, admins, sessions, login throttling, the master whitelist, settings and the operation log.
export default /* sql */ `
create table products (
  code text primary key,
  name text not null,
  timezone text not null default 'Asia/Shanghai',
  sort int not null default 0,
  created_at timestamptz not null default now()
);

create table menus (
  id serial primary key,
  parent_id int references menus(id),
  label text not null,
  web_uri text unique,
  hidden boolean not null default false,
  sort int not null default 0,
  created_at timestamptz not null default now()
);
create index menus_parent on menus (parent_id, sort);

create table permissions (
  id serial primary key,
  menu_id int not null references menus(id) on delete cascade,
  key char(1) not null check (key in ('C','R','U','D')),
  name text not null,
  api_paths text[] not null default '{}',
  unique (menu_id, key)
);

create table roles (
  id serial primary key,
  product text references products(code),
  name text not null,
  remark text not null default '',
  is_super boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index roles_name on roles (coalesce(product, ''), name);

create table role_menus (
  role_id int not null references roles(id) on delete cascade,
  menu_id int not null references menus(id) on delete cascade,
  primary key (role_id, menu_id)
);

create table role_permissions (
  role_id int not null references roles(id) on delete cascade,
  permission_id int not null references permissions(id) on delete cascade,
  primary key (role_id, permission_id)
);

create table admins (
  id serial primary key,
  product text references products(code),
  username text not null unique,
  nickname text not null default '',
  password_hash text not null,
  status smallint not null default 1 check (status in (0, 1)),
  google_secret text,
  google_enabled boolean not null default false,
  google_last_step bigint not null default 0,
  last_login_at timestamptz,
  last_login_ip text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table admin_roles (
  admin_id int not null references admins(id) on delete cascade,
  role_id int not null references roles(id) on delete cascade,
  primary key (admin_id, role_id)
);

create table sessions (
  id bigserial primary key,
  token_hash text not null unique,
  admin_id int not null references admins(id) on delete cascade,
  product text not null references products(code),
  ip text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ended_at timestamptz
);
create index sessions_admin on sessions (admin_id) where ended_at is null;

create table login_failures (
  id bigserial primary key,
  username text not null,
  ip text not null,
  at timestamptz not null default now()
);
create index login_failures_ip on login_failures (ip, at);
create index login_failures_user_ip on login_failures (username, ip, at);

create table sys_whitelist (
  id serial primary key,
  ip cidr not null unique,
  remark text not null default '',
  created_by text not null default '',
  created_at timestamptz not null default now()
);

create table sys_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table operation_logs (
  id bigserial primary key,
  admin_id int,
  admin_name text not null default '',
  product text,
  action char(1) not null check (action in ('C','R','U','D')),
  path text not null,
  target_ids text[] not null default '{}',
  before jsonb,
  after jsonb,
  ip text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null default now()
);
create index operation_logs_product on operation_logs (product, id desc);
create index operation_logs_time on operation_logs (created_at);

-- The operation log is append-only: an auditor must be able to trust it.
create function refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'append-only table %', tg_table_name;
end $$;
create trigger operation_logs_append_only before update or delete on operation_logs
  for each row execute function refuse_change();
`
