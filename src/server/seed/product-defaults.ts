// What every product needs before anyone works in it: its built-in settings, member levels and the lottery's play
// ways, groups and demo rooms. Idempotent, run at every start so a new built-in reaches existing products.
import type { Queryable } from '../db/db'
import { many } from '../db/db'
import { seedSettings } from '../settings/store'
import { seedLevels } from '../member/level'
import { seedLottery } from '../lottery/seed'

export async function seedProductDefaults(db: Queryable): Promise<void> {
  for (const { code } of await many<{ code: string }>(db, 'select code from products order by sort, code')) {
    await seedSettings(db, code)
    await seedLevels(db, code)
    await seedLottery(db, code)
  }
}
