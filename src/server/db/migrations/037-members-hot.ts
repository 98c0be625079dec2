// A member's row changes on every approved recharge and withdrawal (its totals) and every login (its last login), and
// none of those columns is indexed, so the UPDATE could leave the indexes alone (HOT) if the new version fitted on the
// row's page. Loaded or grown full, the pages had no room: each such UPDATE wrote a new entry into all seventeen
// indexes of members, a page read of each that is not in memory. On a million members with a cold cache that was
// 15 reads and 13-106 ms for one approval's UPDATE on the machine that measured it. A fillfactor leaves the room, as
// for the ledger's accounts (032); the rows are rewritten once so that existing pages have it too.
export default /* sql */ `
alter table members set (fillfactor = 90);
cluster members using members_pkey;
analyze members;
`
