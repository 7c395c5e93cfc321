import type { SessionUser } from '../../shared/schemas/session';

/**
 * Where a signed-in person belongs after signing in (spec §4, §6): admins to /admin/campaigns; a creator whose email
 * is not verified yet to /email-verification; any other creator to /main.
 */
export function homePathFor(user: SessionUser): string {
  if (user.role === 'admin') return '/admin/campaigns';
  if (!user.creator?.emailVerified) return '/email-verification';
  return '/main';
}

/**
 * Where a person lands after signing out: an admin on the admin sign-in page (/admin), anyone else on /signin
 * (issue 41: an admin landed on the creators' sign-in).
 */
export function signedOutPathFor(user: Pick<SessionUser, 'role'> | null): string {
  return user?.role === 'admin' ? '/admin' : '/signin';
}

/** The first word of a display name, for greetings ("Welcome back, Ana!"). */
export function firstNameOf(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] || 'there';
}
