// 登录日志: every admin login attempt, whatever its outcome (an unknown user too, though it is answered like a wrong
// password). Written outside the login's own transaction, so a failure is recorded even though the login answers an
// error. `product` is the admin's pinned product (null for a platform admin or an unknown name): a product admin
// granted the list sees his product's attempts only.
export default /* sql */ `
create table login_log (
  id bigserial primary key,
  username text not null,
  admin_id int references admins(id) on delete set null,
  product text references products(code) on delete set null,
  ok boolean not null,
  reason text not null default '',
  ip text not null default '',
  user_agent text not null default '',
  at timestamptz not null default now()
);
create index login_log_time on login_log (at, id);
create index login_log_user on login_log (lower(username), id desc);
create index login_log_ip on login_log (ip, id desc);
create index login_log_product on login_log (product, id desc) where product is not null;
`
