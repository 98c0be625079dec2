// 数字钱包 (`wallet` in contract/api/member.ts): TRC20/ERC20 addresses, shortened in every answer but show (which is logged).
import { listRoute } from '../db/list'
import { TIME } from '../http/format'
import type { Wallet } from '../../contract/member'
import { wallet } from '../../contract/api/member'
import { SHORT_ADDRESS } from './payee-rules'
import { addressTaken, bindWallet, checkAddress, lockOwners, type WalletInput } from './payee-store'
import { payeeRoutes, payeeTable } from './payee-routes'

const cols = (full: boolean) => `w.id, w.member_id, m.username, w.chain, ${full ? 'w.address' : SHORT_ADDRESS('w.address')} as address,
  w.label, w.status::int as status, w.is_default, ${TIME('w.created_at')} as created_at`
const t = payeeTable<Wallet>('member_wallets', 'w', cols)

export default [
  listRoute(wallet.index, {
    ...t.list, filters: { ...t.owner, chain: 'w.chain' },
  }),
  ...payeeRoutes<Wallet, WalletInput>(wallet, {
    ...t, what: 'wallet', noun: '数字钱包', bind: bindWallet,
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
