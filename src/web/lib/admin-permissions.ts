import { type AdminPermission, type AdminRouteKey, mayCall, roleMay } from '../../shared/admin-permissions';
import { useSession } from './use-session';

/**
 * What the signed-in admin may do, read from the one permission table (src/shared/admin-permissions.ts) the server
 * enforces: the pages hide the buttons of routes the person's role may not call. It only chooses what to show; the
 * server refuses such calls with 403 FORBIDDEN_ROLE anyway.
 */
export function useAdminCan(): {
  can: (route: AdminRouteKey) => boolean;
  has: (p: AdminPermission) => boolean;
} {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.adminRole : null;
  return { can: (route) => mayCall(role, route), has: (permission) => roleMay(role, permission) };
}
