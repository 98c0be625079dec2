// A bet is written once and settled once: settlement updates every open bet of a draw (status, payout, settled time),
// none of them an indexed column, so the UPDATE could leave the six indexes alone (HOT) if the new version fitted on
// the bet's page. Bets were inserted into full pages, so each settled bet went to another page and wrote a new entry
// into every index: 600,000 index entries for a draw of 100,000 bets, more of them missing the cache as the bets grow.
// Measured on one database settling draw after draw of 100,000 bets (0.3-1.8 million bets in it as the draws went on),
// a whole settlement took 3.4-4.2 s with full pages and 2.1-2.6 s with room; the UPDATE alone, on 300,000 bets,
// 1.3-1.6 s against 0.3 s.
// Half of each page stays free because all the bets on it are settled at once (within one transaction no old version
// can be pruned to make room). The bets already written are not rewritten: nearly all are settled or cancelled, and an
// open one is settled as before.
export default /* sql */ `
alter table lottery_bets set (fillfactor = 50);
`
