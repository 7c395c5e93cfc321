import { useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ADMIN_ROLE_DESCRIPTIONS, ADMIN_ROLE_LABELS } from '../../../shared/admin-permissions';
import { adminSignInResultSchema } from '../../../shared/schemas/session';
import { acceptInvitationSchema } from '../../../shared/schemas/team';
import { AdminAuthCard } from '../../components/admin/admin-auth-card';
import { Logo } from '../../components/logo';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { apiFetch, getErrorMessage, isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { refreshSession } from '../../lib/use-session';
import { useAcceptInvitation, useInvitation } from './api/team';

/**
 * /team-invitation/:token (issue 39): the invitee sets a name and a password, is signed in, and lands on the admin
 * pages of their role (Owner and Finance enrol a second factor first: the admin guard sends them to it).
 */
export function TeamInvitationPage() {
  useDocumentTitle('Join the team');
  const id = useId();
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string; form?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = acceptInvitationSchema.safeParse({ name, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors({ [issue?.path[0] === 'name' ? 'name' : 'password']: issue?.message });
      return;
    }
    setErrors({});
    try {
      const account = await accept.mutateAsync(parsed.data);
      const signIn = await apiFetch('/api/auth/admin-sign-in', {
        method: 'POST',
        json: { username: account.username, password: parsed.data.password },
        schema: adminSignInResultSchema,
      });
      await refreshSession(queryClient);
      navigate(signIn.redirectTo, { replace: true });
    } catch (e) {
      setErrors({ form: getErrorMessage(e, 'The invitation could not be accepted.') });
    }
  };

  const gone = invitation.isError && isApiError(invitation.error, 'GONE');
  return (
    <div className="flex min-h-dvh flex-col bg-slate-950 px-4 text-slate-900">
      <div className="mx-auto flex w-full max-w-6xl items-center py-6">
        <Link to="/" className="rounded-lg text-white">
          <Logo />
        </Link>
      </div>
      <main className="flex flex-1 items-start justify-center py-10 sm:items-center">
        <AdminAuthCard icon={UsersRound} title="Join the team">
          {invitation.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : invitation.isError ? (
            <Alert variant="destructive" data-testid="invitation-error">
              {gone || isApiError(invitation.error, 'NOT_FOUND')
                ? getErrorMessage(invitation.error)
                : 'We could not read this invitation. Please try again.'}
            </Alert>
          ) : (
            <form
              noValidate
              onSubmit={submit}
              className="flex flex-col gap-4"
              aria-label="Accept the invitation"
            >
              <p className="text-sm text-slate-700" data-testid="invitation-role">
                <span className="font-medium break-all">{invitation.data.email}</span> joins as{' '}
                <strong>{ADMIN_ROLE_LABELS[invitation.data.role]}</strong>:{' '}
                {ADMIN_ROLE_DESCRIPTIONS[invitation.data.role]}
              </p>
              {invitation.data.secondFactorRequired ? (
                <p className="text-xs text-slate-500">
                  You will set up an authenticator app next: this role acts only with a second factor.
                </p>
              ) : null}
              <ErrorAlert message={errors.form} />
              <TextField
                id={`${id}-name`}
                label="Your name"
                autoComplete="name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={errors.name}
              />
              <TextField
                id={`${id}-password`}
                label="Choose a password"
                type="password"
                autoComplete="new-password"
                hint="At least 12 characters."
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={errors.password}
              />
              <Button type="submit" size="lg" className="w-full" disabled={accept.isPending}>
                {accept.isPending ? 'Joining…' : 'Join the team'}
              </Button>
            </form>
          )}
        </AdminAuthCard>
      </main>
    </div>
  );
}
