import type { MiddlewareHandler } from 'hono';
import { secondFactorRequired } from '../../shared/admin-permissions';
import type { AppBindings, CurrentUser } from '../http/context';
import { AppError } from '../http/errors';
import { isRecentSecondFactor, STEP_UP_REQUIRED_MESSAGE } from '../services/second-factor';
import { currentUser } from './session';

export const ENROLMENT_REQUIRED_MESSAGE =
  'Set up two-factor authentication with an authenticator app before using the admin pages.';

/** An admin who must have an authenticator and has none (issue 39: Owner and Finance always; ADMIN_REQUIRE_2FA: all). */
function mustEnrol(user: CurrentUser | null, adminRequire2fa: boolean): boolean {
  return (
    user?.role === 'admin' && !user.twoFactorEnabled && secondFactorRequired(user.adminRole, adminRequire2fa)
  );
}

/**
 * Owners and Finance members (issue 39), and every admin under ADMIN_REQUIRE_2FA: an admin without an enrolled authenticator gets 403 TWO_FACTOR_ENROLMENT_REQUIRED from every
 * admin API (enrolment itself is Better Auth's /api/auth/two-factor/*, outside /api/admin). Mounted in app.ts
 * after requireRole('admin').
 */
export const requireTwoFactorEnrolment: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (mustEnrol(c.get('user'), c.get('deps').env.adminRequire2fa)) {
    throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED', ENROLMENT_REQUIRED_MESSAGE);
  }
  await next();
};

/**
 * Step-up for money actions and exports of personal data, applied per route: 403 STEP_UP_REQUIRED unless this
 * session checked a second factor in the last 10 minutes (at sign-in, or with POST /api/auth/step-up). An account
 * without an authenticator passes only while ADMIN_REQUIRE_2FA is off (with it on, it must enrol first).
 */
export const requireRecentSecondFactor: MiddlewareHandler<AppBindings> = async (c, next) => {
  const user = currentUser(c);
  const { env } = c.get('deps');
  if (!user.twoFactorEnabled) {
    if (mustEnrol(user, env.adminRequire2fa)) {
      throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED', ENROLMENT_REQUIRED_MESSAGE);
    }
    return next();
  }
  if (!isRecentSecondFactor(user.secondFactorAt, c.get('services').now())) {
    throw new AppError('STEP_UP_REQUIRED', STEP_UP_REQUIRED_MESSAGE);
  }
  await next();
};
