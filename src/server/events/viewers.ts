// Who is watching a stream: the session behind it, its current product and the lists (menus held with R) whose events
// it may see. Read for many sessions in one query (at connect, on every heartbeat and when a session's note arrives);
// a session that ended, expired, idled out or whose admin was disabled answers no row.
import type { Queryable } from '../db/db'
import { many } from '../db/db'
import { heldPermissions } from '../rbac/holds'
import { EVENT_MENU } from '../../contract/events'

export interface Viewer {
  sessionId: number
  adminId: number
  product: string
  /** The event lists' menus the admin holds with R (a super admin holds all). */
  menus: ReadonlySet<string>
}

const LIST_MENUS = Object.values(EVENT_MENU)

const SQL = `
  select s.id as session_id, s.admin_id, s.product,
         exists (select 1 from admin_roles ar join roles r on r.id = ar.role_id where ar.admin_id = a.id and r.is_super) as is_super,
         array(select distinct h.web_uri from ${heldPermissions('a.id')} h where h.key = 'R' and h.web_uri = any($3::text[])) as menus
    from sessions s join admins a on a.id = s.admin_id
   where s.id = any($1::bigint[]) and s.ended_at is null and s.expires_at > now()
     and s.last_seen_at > now() - make_interval(secs => $2) and a.status = 1`

/** The live sessions among `ids`, by session id. */
export async function viewers(db: Queryable, ids: number[], idleSeconds: number): Promise<Map<number, Viewer>> {
  if (!ids.length) return new Map()
  const rows = await many<{ session_id: number | string; admin_id: number; product: string; is_super: boolean; menus: string[] }>(db, SQL,
    [ids, idleSeconds, LIST_MENUS])
  return new Map(rows.map((r) => [Number(r.session_id), {
    sessionId: Number(r.session_id), adminId: r.admin_id, product: r.product,
    menus: new Set(r.is_super ? LIST_MENUS : r.menus),
  }]))
}
