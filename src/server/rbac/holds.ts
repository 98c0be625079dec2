// What an admin holds through his roles, as SQL the session check, userinfo and the role ceiling share: one
// definition, so the console's view, the permission check and the grant ceiling cannot drift apart.
// `admin` is an SQL expression (a placeholder such as $1, or a column such as a.id). The super role holds
// everything without rows; callers decide that first.

/** Ids of the menus held, with their ancestors (a directory is held when one of its pages is). */
export const heldMenuIds = (admin: string) => `(
  with recursive held as (
    select m.id, m.parent_id from menus m where m.id in (
      select rm.menu_id from role_menus rm join admin_roles ar on ar.role_id = rm.role_id where ar.admin_id = ${admin})
    union
    select p.id, p.parent_id from menus p join held h on h.parent_id = p.id)
  select id from held)`

/** The permissions held: (id, key, web_uri of their menu), one row per role granting it. */
export const heldPermissions = (admin: string) => `(
  select p.id, p.key, m.web_uri from admin_roles ar
    join role_permissions rp on rp.role_id = ar.role_id
    join permissions p on p.id = rp.permission_id
    join menus m on m.id = p.menu_id
   where ar.admin_id = ${admin})`
