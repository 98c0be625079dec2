// 银行卡 (`card` in contract/api/member.ts): bound bank cards, the number masked in every answer but show (which is logged).
import { listRoute } from '../db/list'
import { TIME } from '../http/format'
import type { Card } from '../../contract/member'
import { card } from '../../contract/api/member'
import { MASK_CARD } from './payee-rules'
import { bindCard, checkCard, cardNumberTaken, ownerOf, type CardInput } from './payee-store'
import { payeeRoutes, payeeTable } from './payee-routes'

const cols = (full: boolean) => `c.id, c.member_id, m.username, c.holder, c.bank_name, c.branch,
  ${full ? 'c.card_no' : MASK_CARD('c.card_no')} as card_no, c.status::int as status, c.is_default, ${TIME('c.created_at')} as created_at`
const t = payeeTable<Card>('member_cards', 'c', cols)

export default [
  listRoute(card.index, {
    ...t.list,
    filters: {
      ...t.owner, holder: (w, v) => { w.eq('c.holder', v.trim()) },
      bank_name: (w, v) => { if (v.trim()) w.add('strpos(c.bank_name, ?::text) > 0', v.trim()) },
      card_tail: (w, v) => { w.add('right(c.card_no, length(?::text)) = ?', v, v) },
    },
  }),
  ...payeeRoutes<Card, CardInput>(card, {
    ...t, what: 'card', noun: '银行卡', bind: bindCard,
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
