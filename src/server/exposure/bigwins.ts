// 大额中奖: the big wins that settlement records (lottery/settle.ts: real bets paid at least big_win_amount), newest
// first, with member, room, issue, stake, payout and the payout's ratio to the stake.
import { listRoute } from '../db/list'
import { by } from '../db/list'
import { TIME } from '../http/format'
import { bigwins } from '../../contract/api/exposure'
import type { PlaywayCode } from '../../contract/lottery'
import { contentOf } from '../lottery/rules'
import { ORDER_NO } from '../lottery/sql'

const COLS = `b.id, ${ORDER_NO('b')} as order_no, b.member_id, m.username, b.room_id, r.name as room_name, b.issue_id::int as issue_id, i.issue_no,
  b.code, b.number, cents_text(b.amount) as amount, cents_text(b.payout) as payout, round(b.payout::numeric / b.amount, 2)::text as ratio,
  ${TIME('b.settled_at')} as settled_at`

export default [
  listRoute(bigwins.index, {
    from: `lottery_big_wins w join lottery_bets b on b.id = w.bet_id join members m on m.id = b.member_id
      join lottery_rooms r on r.id = b.room_id join lottery_issues i on i.id = b.issue_id`,
    countFrom: 'lottery_big_wins w join lottery_bets b on b.id = w.bet_id',
    select: COLS, id: 'w.bet_id', table: 'lottery_big_wins', product: 'w.product',
    filters: { username: by.member('b.member_id'), room_id: 'b.room_id' },
    rows: (rows) => rows.map(({ code, number, ...b }) => ({ ...b, id: Number(b.id), content: contentOf(code as PlaywayCode, number) })),
  }),
]
