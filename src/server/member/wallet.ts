// 数字钱包 (`wallet` in contract/api/member.ts): TRC20/ERC20 addresses, shortened in every answer but show (which is logged).
import type { Queryable } from '../db/db'
import { many } from '../db/db'
import { listRoute } from '../db/list'
import { TIME } from '../http/format'
import type { Wallet } from '../../contract/member'
import { wallet } from '../../contract/api/member'
import { SHORT_ADDRESS } from './payee-rules'
import { addressTaken, bindWallet, checkAddress, lockOwners, type WalletInput } from './payee-store'
import { ownerFilters, payeeRoutes } from './payee-routes'

const cols = (full: boolean) => `w.id, w.member_id, m.username, w.chain, ${full ? 'w.address' : SHORT_ADDRESS('w.address')} as address,
  w.label, w.status::int as status, w.is_default, ${TIME('w.created_at')} as created_at`
const FROM = 'member_wallets w join members m on m.id = w.member_id'

async function byIds(db: Queryable, product: string, ids: number[], full = false): Promise<Wallet[]> {
  return many<Wallet>(db, `select ${cols(full)} from ${FROM} where w.id = any($1::int[]) and w.product = $2 order by w.id`, [ids, product])
}

export default [
  listRoute(wallet.index, {
    from: FROM, select: cols(false), id: 'w.id', table: 'member_wallets', product: 'w.product',
    filters: { ...ownerFilters('w'), chain: 'w.chain' },
  }),
  ...payeeRoutes<Wallet, WalletInput>(wallet, {
    table: 'member_wallets', what: 'wallet', noun: '数字钱包', load: byIds, bind: bindWallet,
    update: async (db, product, b, before) => {
      const a = checkAddress(b.chain, b.address)
      await lockOwners(db, [before.member_id])
      await addressTaken(db, product, b.chain, a, b.id)
      await db.query('update member_wallets set chain = $2, address = $3, label = $4, status = $5 where id = $1',
        [b.id, b.chain, a, (b.label ?? '').trim(), b.status])
    },
    busy: { label: '钱包', name: (r) => r.address },
  }),
]
