// 银行卡 (`card` in contract/api/member.ts): bound bank cards, the number masked in every answer but show (which is logged).
import type { Queryable } from '../db/db'
import { many } from '../db/db'
import { listRoute } from '../db/list'
import { TIME } from '../http/format'
import type { Card } from '../../contract/member'
import { card } from '../../contract/api/member'
import { MASK_CARD } from './payee-rules'
import { bindCard, checkCard, cardNumberTaken, ownerOf, type CardInput } from './payee-store'
import { ownerFilters, payeeRoutes } from './payee-routes'

const cols = (full: boolean) => `c.id, c.member_id, m.username, c.holder, c.bank_name, c.branch,
  ${full ? 'c.card_no' : MASK_CARD('c.card_no')} as card_no, c.status::int as status, c.is_default, ${TIME('c.created_at')} as created_at`
const FROM = 'member_cards c join members m on m.id = c.member_id'

async function byIds(db: Queryable, product: string, ids: number[], full = false): Promise<Card[]> {
  return many<Card>(db, `select ${cols(full)} from ${FROM} where c.id = any($1::int[]) and c.product = $2 order by c.id`, [ids, product])
}

export default [
  listRoute(card.index, {
    from: FROM, select: cols(false), id: 'c.id', table: 'member_cards', product: 'c.product',
    filters: {
      ...ownerFilters('c'), holder: (w, v) => { w.eq('c.holder', v.trim()) },
      bank_name: (w, v) => { if (v.trim()) w.add('strpos(c.bank_name, ?::text) > 0', v.trim()) },
      card_tail: (w, v) => { w.add('right(c.card_no, length(?::text)) = ?', v, v) },
    },
  }),
  ...payeeRoutes<Card, CardInput>(card, {
    table: 'member_cards', what: 'card', noun: '银行卡', load: byIds, bind: bindCard,
    update: async (db, product, b, before) => {
      const owner = await ownerOf(db, product, { member_id: before.member_id })
      const { cardNo, holder } = checkCard(b, owner)
      await cardNumberTaken(db, product, cardNo, b.id)
      await db.query('update member_cards set holder = $2, bank_name = $3, branch = $4, card_no = $5, status = $6 where id = $1',
        [b.id, holder, b.bank_name.trim(), (b.branch ?? '').trim(), cardNo, b.status])
    },
    busy: { label: '卡号', name: (r) => r.card_no },
  }),
]
