import {
  type AdminPermission,
  type AdminRole,
  type AdminRouteKey,
  mayCall,
  roleMay,
} from '../../shared/admin-permissions';
import type { ApplicationAction } from '../../shared/lifecycle/moves';
import { useSession } from './use-session';

/**
 * What the signed-in admin may do, read from the one permission table (src/shared/admin-permissions.ts) the server
 * enforces: the pages hide the buttons of routes the person's role may not call. It only chooses what to show; the
 * server refuses such calls with 403 FORBIDDEN_ROLE anyway.
 */
export function useAdminCan(): {
  role: AdminRole | null;
  can: (route: AdminRouteKey) => boolean;
  has: (p: AdminPermission) => boolean;
} {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.adminRole : null;
  return { role, can: (route) => mayCall(role, route), has: (permission) => roleMay(role, permission) };
}

/** May the signed-in admin call `route` (a key of ADMIN_ROUTE_PERMISSIONS)? One route, one answer. */
export function useCan(route: AdminRouteKey): boolean {
  return useAdminCan().can(route);
}

/** The admin route behind each step of an application the review offers (src/shared/lifecycle/moves.ts). */
const APPLICATION_ACTION_ROUTES: Partial<Record<ApplicationAction, AdminRouteKey>> = {
  accept: 'POST /admin/applications/{id}/accept',
  reject: 'POST /admin/applications/{id}/reject',
  ship: 'POST /admin/applications/{id}/shipment',
  mark_delivered: 'POST /admin/applications/{id}/delivered',
  approve: 'POST /admin/submissions/{id}/approve',
  request_changes: 'POST /admin/submissions/{id}/request-changes',
  reship: 'POST /admin/problems/{id}/reship',
};

/** The offered steps `role` may take: each step's route in the table (a step without one needs `operate`). */
export function stepsForRole(
  role: AdminRole | null | undefined,
  offered: ReadonlySet<ApplicationAction>,
): Set<ApplicationAction> {
  return new Set(
    [...offered].filter((action) => {
      const route = APPLICATION_ACTION_ROUTES[action];
      return route ? mayCall(role, route) : roleMay(role, 'operate');
    }),
  );
}

/** `stepsForRole` for the signed-in admin. */
export function useAdminSteps(offered: ReadonlySet<ApplicationAction>): Set<ApplicationAction> {
  return stepsForRole(useAdminCan().role, offered);
}
