import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import {
  type AdminPermission,
  type AdminRole,
  forbiddenRoleMessage,
  permissionForRequest,
  roleMay,
  rolesWith,
} from '../../shared/admin-permissions';
import type { ErrorBody } from '../../shared/schemas/error';
import type { AppBindings } from '../http/context';
import { AppError } from '../http/errors';

/** 403 FORBIDDEN_ROLE: the admin's role lacks the permission; `allowed` names the roles that would be allowed. */
export class ForbiddenRoleError extends AppError {
  constructor(
    role: AdminRole,
    readonly allowed: readonly AdminRole[],
    message = forbiddenRoleMessage(role, allowed),
  ) {
    super('FORBIDDEN_ROLE', message);
  }

  override toBody(): ErrorBody {
    return { ...super.toBody(), allowed: [...this.allowed] };
  }
}

/** Refuses unless `role` holds `permission` (services and routes outside the table may call it too). */
export function assertAdminPermission(role: AdminRole | null, permission: AdminPermission): void {
  if (!roleMay(role, permission)) throw new ForbiddenRoleError(role ?? 'viewer', rolesWith(permission));
}

/**
 * Every request under /api/admin (mounted in app.ts after requireRole('admin')): the permission the table in
 * src/shared/admin-permissions.ts declares for its route, or refused with 403 FORBIDDEN_ROLE. A route the table does
 * not name is nobody's (decision 0043): refused for every role, Owners included, so a route added without its line
 * cannot be used by anyone (and the route × role test fails on it). A path no route answers is not refused: it goes
 * on to the 404 every unknown path gets (middleware is registered for every method, 'ALL'; a route for its own).
 */
export const requireAdminPermission: MiddlewareHandler<AppBindings> = async (c, next) => {
  const user = c.get('user');
  if (!user) return next();
  const path = c.req.path.replace(/^\/api(?=\/)/, '');
  const permission = permissionForRequest(c.req.method, path);
  if (permission === null) {
    if (!matchedRoutes(c).some((route) => route.method !== 'ALL')) return next();
    throw new ForbiddenRoleError(user.adminRole ?? 'viewer', [], UNDECLARED);
  }
  assertAdminPermission(user.adminRole, permission);
  await next();
};

const UNDECLARED = 'This admin route declares no permission yet, so no role may call it.';
