// The biggest tables' list indexes lead with product_key(product), a fixed-width int, instead of the product's text.
// After a variable-width leading column PostgreSQL cannot cache where the next columns start, so every comparison of a
// sort or a descent walks the tuple: making balance_changes_type over 24 million 账变 took 50 s led by the text and
// 18 s without it (collation changes nothing; the same text as the last column costs nothing). The key stands for the
// product exactly: products_key keeps two products from sharing one, and every row's product is a product (its
// foreign key), so `product_key(x.product) = product_key($1)` holds for the product's rows and no other.
export default /* sql */ `
create function product_key(code text) returns int language sql immutable parallel safe return hashtext(code);
create unique index products_key on products (product_key(code));

drop index balance_changes_list, balance_changes_type, balance_changes_time, balance_changes_ref, lottery_bets_list, lottery_bets_room;
create index balance_changes_list on balance_changes (product_key(product), money, id desc);
create index balance_changes_type on balance_changes (product_key(product), money, type, id desc);
create index balance_changes_time on balance_changes (product_key(product), money, created_at, id);
create index balance_changes_ref on balance_changes (product_key(product), ref) where ref <> '';
create index lottery_bets_list on lottery_bets (product_key(product), money, id desc);
create index lottery_bets_room on lottery_bets (product_key(product), money, room_id, id desc);
-- The planner knows how many rows a key matches only from the statistics of these expressions, gathered by ANALYZE:
-- without them it takes a product's key for a rare value and walks its whole index for a filter another index serves.
analyze balance_changes, lottery_bets;
`
