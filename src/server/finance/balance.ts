// /api/balance routes (账变记录, and 试玩账变记录 at /api/balance/demo): members' balance changes over millions of
// rows, keyset-paged (by (time, id) on the time index when a range is given), with balance_stat {income, expense, net}
// exact within the time budget (else flagged) and the types.
import { listRoute, by, type Filter } from '../db/list'
import { TIME } from '../http/format'
import { badRequest } from '../errors'
import { MONEY } from '../../contract/ledger'
import { balance } from '../../contract/api/finance'
import { BALANCE_CHANGE_TYPE as TYPES } from '../../contract/finance'

const COLS = `b.id, b.member_id, m.username, b.type::int as type, cents_text(b.amount) as amount, cents_text(b.before) as before,
  cents_text(b.after) as after, b.ref, b.remark, ${TIME('b.created_at')} as created_at`
const STATS = `cents_text(coalesce(sum(b.amount) filter (where b.amount > 0), 0)) as income,
  cents_text(coalesce(-sum(b.amount) filter (where b.amount < 0), 0)) as expense, cents_text(coalesce(sum(b.amount), 0)) as net`

/** `type` as one type or several (`2,12`), each one of the balance change types. */
const byTypes: Filter<string> = (w, raw) => {
  const types = [...new Set(raw.split(',').map((t) => Number(t.trim())))]
  if (types.some((t) => !(t in TYPES))) throw badRequest('账变类型不正确', 'type')
  if (types.length === 1) w.held('b.type', types[0])
  else w.add('b.type = any(?::smallint[])', types)
}

/** The balance changes of one money class: its members (real: kind 0, trial: kind 2) are named by username. */
const changes = (money: typeof MONEY.real | typeof MONEY.trial) => ({
  from: 'balance_changes b join members m on m.id = b.member_id', countFrom: 'balance_changes b', select: COLS,
  id: 'b.id', table: 'balance_changes', product: 'b.product', productKey: true, base: 'b.money = ?', params: [money], time: 'b.created_at',
  filters: { username: by.member('b.member_id', money), member_id: 'b.member_id', type: byTypes, ref: by.text('b.ref') },
  sums: STATS, statsKey: 'balance_stat', extra: () => ({ types: TYPES }),
})

export default [listRoute(balance.index, changes(MONEY.real)), listRoute(balance.demo, changes(MONEY.trial))]
