// Settlement records and notes its big wins itself (lottery/settle.ts): the statement trigger on lottery_bets copied
// every bet a settlement or cancellation updated into a transition table to find the few won big.
export default /* sql */ `
drop trigger lottery_bets_events on lottery_bets;
drop function events_bets();
`
