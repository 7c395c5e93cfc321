import type { QueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '../../shared/schemas/session';
import { signedOutPathFor } from './account-paths';
import { apiFetch, firstLoadAnswer } from './api-client';
import { useNavigate } from './navigation';
import { clearPrivateData, publicKeys } from './public-query-keys';
import { useReaders } from './readers';

const sessionKey = publicKeys.session;
/** Read before / is interactive: typed from its schema, not parsed (decision 0026). */
export const sessionResponse = firstLoadAnswer<SessionResponse>();

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser };

/** Who is signed in, from GET /api/session (the server decides; this only chooses what to show). */
export function useSession(): SessionState {
  const query = useReaders().useSessionAnswer();
  if (query.isPending) return { status: 'loading', user: null };
  const user = query.data?.user ?? null;
  return user ? { status: 'signed-in', user } : { status: 'signed-out', user: null };
}

/**
 * The one thing a session change (sign-in, sign-out, admin sign-in, a provider's callback) does to the cache: the
 * private data of whoever was signed in before goes, and the new session is what the guards read from now on.
 */
export function setSession(queryClient: QueryClient, session: SessionResponse): void {
  clearPrivateData(queryClient);
  queryClient.setQueryData(sessionKey, session);
}

/** Reads who is signed in now, straight from the server (no cache), and makes it the session (see setSession). */
export async function refreshSession(queryClient: QueryClient): Promise<SessionResponse> {
  const session = await apiFetch('/api/session', { cache: 'no-store', schema: sessionResponse });
  setSession(queryClient, session);
  await queryClient.invalidateQueries({ queryKey: sessionKey, refetchType: 'none' });
  return session;
}

/** Marks the session as out of date (the email was verified, the profile completed or renamed): the guards refetch it. */
export function invalidateSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionKey });
}

/** Ends the session on the server, forgets cached private data, then calls `then` (usually: go to /signin). */
export const useSignOut = () => useReaders().useSignOut();

/**
 * What a Sign Out button does: ends the session (`useSignOut`), then goes where a signed-out person lands, an admin
 * on /admin and anyone else on /signin (`signedOutPathFor`).
 */
export function useSignOutAndLeave(): () => Promise<void> {
  const { user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return () => signOut(() => navigate(signedOutPathFor(user)));
}

/**
 * Everything this app keeps in the browser's storage is one person's (profile drafts hold an address and a PayPal
 * email): it all goes at sign-out, so the next person on the device sees none of it.
 */
export function forgetLocalUserData(storage: Storage | undefined = globalThis.localStorage) {
  if (!storage) return;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith('mintbox.')) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/**
 * The part of signing out both readers share (lib/public-readers.ts, lib/query-readers.ts): ends the session on the
 * server (spec §4: a failure is only logged) and forgets this person's browser storage. Each reader then tells its own
 * cache that nobody is signed in.
 */
export async function endSessionOnServer(): Promise<void> {
  try {
    await apiFetch('/api/auth/sign-out', { method: 'POST', json: {} });
  } catch (error) {
    console.error('Sign out failed', error);
  }
  forgetLocalUserData();
}

/** Where the Dashboard button goes (spec §2 Top bar). */
export function dashboardPathFor(user: SessionUser | null): string {
  if (!user) return '/signin';
  if (user.role === 'admin') return '/admin/campaigns';
  if (!user.creator?.emailVerified) return '/email-verification';
  return '/dashboard';
}
