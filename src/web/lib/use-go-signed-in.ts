import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { refreshSession } from './use-session';

/**
 * After the server started a session (a sign-in, a second factor accepted, an enrolment done): reads the new session,
 * so the guards see it, then goes to `to` in place of the sign-in page.
 */
export function useGoSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (to: string) => {
    await refreshSession(queryClient);
    navigate(to, { replace: true });
  };
}
