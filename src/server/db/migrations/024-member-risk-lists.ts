// The member list filters by risk level and by tag along its keyset (id descending): an index for each, so a page of
// 黑名单 members or of one tag's holders reads its rows in order instead of walking every member of the product.
export default /* sql */ `
create index members_risk on members (product, kind, risk_level, id desc);
-- A tag's holders in member order (the list's exists test merges along it); replaces the index on tag_id alone.
create index member_tags_by_tag on member_tags (tag_id, member_id);
drop index member_tags_tag;
`
