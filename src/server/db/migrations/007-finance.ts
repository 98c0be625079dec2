// Recharges (充值记录, also the records of manual top-ups, deductions and gift money) and withdrawals (提现记录).
// Their money moves only through the ledger; these rows are the causes the ledger's transfers name.
export default /* sql */ `
create table recharges (
  id bigserial primary key,
  product text not null references products(code),
  order_no text not null unique,
  member_id int not null references members(id),
  amount bigint not null check (amount > 0),
  pay_method smallint not null default 1 check (pay_method in (1, 2)),
  -- 0 银联充值 · 1 后台人工充值 · 2 后台人工扣款 · 3 彩金 · 4 数字钱包
  source smallint not null check (source between 0 and 4),
  -- 1 成功 · 2 失败 · 3 待支付
  status smallint not null check (status in (1, 2, 3)),
  merchant_id int references merchants(id),
  payer text not null default '',
  remark text not null default '',
  admin text not null default '',
  idempotency_key text,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz
);
create index recharges_list on recharges (product, id desc);
create index recharges_status on recharges (product, status, id desc);
create index recharges_member on recharges (member_id, id desc);
create index recharges_time on recharges (product, created_at, id);
create index recharges_source on recharges (product, source, id desc);
create unique index recharges_idempotency on recharges (product, idempotency_key) where idempotency_key is not null;
create index recharges_merchant on recharges (merchant_id, id desc) where merchant_id is not null;
-- 人工充值扣款 and 彩金赠送 records (sources 1, 2, 3) are few among millions of member recharges.
create index recharges_manual on recharges (product, id desc) where source in (1, 2, 3);

create table withdrawals (
  id bigserial primary key,
  product text not null references products(code),
  order_no text not null unique,
  member_id int not null references members(id),
  amount bigint not null check (amount > 0),
  fee bigint not null default 0 check (fee >= 0 and fee <= amount),
  pay_method smallint not null check (pay_method in (1, 2)),
  card_id int references member_cards(id) on delete set null,
  wallet_id int references member_wallets(id) on delete set null,
  -- What the payee was when asked (a card may be edited or unbound later).
  bank_name text not null default '',
  card_no text not null default '',
  holder text not null default '',
  chain text not null default '',
  address text not null default '',
  -- 1 成功 · 2 失败 · 3 审核中
  status smallint not null default 3 check (status in (1, 2, 3)),
  first_review_admin text not null default '',
  first_review_at timestamptz,
  admin text not null default '',
  remark text not null default '',
  created_at timestamptz not null default now(),
  reviewed_at timestamptz
);
create index withdrawals_list on withdrawals (product, id desc);
create index withdrawals_status on withdrawals (product, status, id desc);
create index withdrawals_member on withdrawals (member_id, id desc);
create index withdrawals_time on withdrawals (product, created_at, id);
-- The daily limits count a member's withdrawals of the day.
create index withdrawals_member_day on withdrawals (member_id, created_at) where status in (1, 3);
create index withdrawals_card on withdrawals (card_id) where status = 3;
create index withdrawals_wallet on withdrawals (wallet_id) where status = 3;
`
