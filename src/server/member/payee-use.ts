// Which cards or wallets a withdrawal under review is waiting to pay to (they may not be deleted meanwhile).
import type { Queryable } from '../db/db'
import { many } from '../db/db'

export async function cardInUse(db: Queryable, what: 'card' | 'wallet', ids: number[]): Promise<number[]> {
  const col = what === 'card' ? 'card_id' : 'wallet_id'
  const rows = await many<{ id: number }>(db, `select distinct ${col} as id from withdrawals where ${col} = any($1::int[]) and status = 3`, [ids])
  return rows.map((r) => r.id)
}
