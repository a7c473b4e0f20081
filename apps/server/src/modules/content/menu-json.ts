import { sql, type SQL } from 'drizzle-orm';
import { MAIN_MENU_LIMIT, MAIN_MENU_TYPE } from '@sealplan/contracts';
import { menuItems, userRoles } from '@sealplan/db';

/**
 * content getMainMenu's answer as JSON text, read in the session's statement (ADR 038): the main menu's entries
 * that need no role or one of the caller's, by sort, then label (the order the shell lists them in), each with the
 * fields the shell reads (`menuEntrySchema`).
 */
export function mainMenuJson(userId: SQL): SQL<string> {
  return sql<string>`coalesce((
    select json_agg(json_build_object(
      'label', entry.label,
      'link', entry.link,
      'clickAction', entry.click_action,
      'icon', entry.icon,
      'imageUrl', entry.image_url,
      'sort', entry.sort,
      'requiredRole', entry.required_role,
      'children', entry.children
    ) order by entry.sort, entry.label, entry.id)
    from (
      select ${menuItems.id} as id, ${menuItems.label} as label, ${menuItems.link} as link,
        ${menuItems.clickAction} as click_action, ${menuItems.icon} as icon, ${menuItems.imageUrl} as image_url,
        ${menuItems.sort} as sort, ${menuItems.requiredRole} as required_role, ${menuItems.children} as children
      from ${menuItems}
      where ${menuItems.type} = ${MAIN_MENU_TYPE}
        and (${menuItems.requiredRole} is null or exists (
          select 1 from ${userRoles}
          where ${userRoles.userId} = ${userId} and ${userRoles.roleId} = ${menuItems.requiredRole}
        ))
      order by ${menuItems.sort}, ${menuItems.label}, ${menuItems.id}
      limit ${MAIN_MENU_LIMIT}
    ) as entry
  ), '[]'::json)::text`;
}
