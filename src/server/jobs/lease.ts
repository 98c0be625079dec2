// Job leases: one instance at a time does a piece of background work; a crashed holder's lease runs out and another
// instance takes over. Correctness never rests on the lease alone (each job's work is exactly-once by its own rows).
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/db'
import { one } from '../db/db'

/** This process's identity as a lease holder. */
export const INSTANCE_ID = `${process.pid}-${randomUUID().slice(0, 8)}`

/** Takes or renews the lease for `ttlMs`; answers whether this instance holds it now. */
export async function holdLease(db: Queryable, name: string, ttlMs: number, holder = INSTANCE_ID): Promise<boolean> {
  const r = await one<{ holder: string }>(db,
    `insert into job_leases (name, holder, until) values ($1, $2, now() + make_interval(secs => $3))
     on conflict (name) do update set holder = excluded.holder, until = excluded.until
       where job_leases.holder = excluded.holder or job_leases.until < now()
     returning holder`, [name, holder, ttlMs / 1000])
  return r?.holder === holder
}

export async function releaseLease(db: Queryable, name: string, holder = INSTANCE_ID): Promise<void> {
  await db.query('delete from job_leases where name = $1 and holder = $2', [name, holder])
}
