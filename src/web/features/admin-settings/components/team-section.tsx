import { type FormEvent, useId, useState } from 'react';
import {
  ADMIN_ROLE_DESCRIPTIONS,
  ADMIN_ROLE_LABELS,
  ADMIN_ROLES,
  type AdminRole,
} from '../../../../shared/admin-permissions';
import { inviteMemberSchema, type TeamMember } from '../../../../shared/schemas/team';
import { ChoiceSelect } from '../../../components/admin/choice-select';
import { RevokeButton } from '../../../components/admin/revoke-button';
import { ErrorPanel } from '../../../components/error-panel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldFrame, TextField } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useFormCheck } from '../../../lib/admin-form-check';
import { useAdminCan } from '../../../lib/admin-permissions';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime, formatShortDate } from '../../../lib/format';
import { useTeam, useTeamActions } from '../api/team';

export const TEAM_TAB = 'team';

/** Settings → Team (issue 39): members, their roles, last sign-in and second factor, invitations waiting. */
export function TeamSection() {
  const team = useTeam();
  const { can } = useAdminCan();
  const manage = can('POST /admin/team/invitations');
  if (team.isError && !team.data)
    return (
      <ErrorPanel title="We couldn't load the team." error={team.error} onRetry={() => team.refetch()} />
    );
  return (
    <div className="flex flex-col gap-6">
      {manage ? <InviteForm /> : null}
      <Card>
        <CardHeader>
          <CardTitle>Members</CardTitle>
        </CardHeader>
        <CardContent>
          {!team.data ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100" data-testid="team-members">
              {team.data.members.map((member) => (
                <MemberRow key={member.id} member={member} manage={manage} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Invitations waiting</CardTitle>
        </CardHeader>
        <CardContent>
          {!team.data ? (
            <Skeleton className="h-12 w-full" />
          ) : team.data.invitations.length === 0 ? (
            <p className="text-sm text-slate-500">No invitations are waiting.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100" data-testid="team-invitations">
              {team.data.invitations.map((invitation) => (
                <li
                  key={invitation.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
                >
                  <span className="min-w-0 break-all">
                    <span className="font-medium">{invitation.email}</span> ·{' '}
                    {ADMIN_ROLE_LABELS[invitation.role]} · until {formatShortDate(invitation.expiresAt)}
                  </span>
                  {manage ? <RevokeInvitation id={invitation.id} email={invitation.email} /> : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function InviteForm() {
  const id = useId();
  const { invite } = useTeamActions();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('viewer');
  const { problem: error, setProblem: setError, check } = useFormCheck(inviteMemberSchema);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = check({ email, role });
    if (!input) return;
    try {
      await invite.mutateAsync(input);
      toast({ title: 'Invitation sent', description: input.email, variant: 'success' });
      setEmail('');
    } catch (e) {
      setError(getErrorMessage(e, 'The invitation could not be sent.'));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite a member</CardTitle>
        <p className="text-sm text-slate-600">The link in the mail works once, for 7 days.</p>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            id={`${id}-email`}
            label="Email"
            type="email"
            className="flex-1"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={error}
          />
          <FieldFrame id={`${id}-role`} label="Role">
            <ChoiceSelect
              id={`${id}-role`}
              value={role}
              onChange={setRole}
              choices={ADMIN_ROLES}
              labels={ADMIN_ROLE_LABELS}
            />
          </FieldFrame>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </form>
        <p className="mt-3 text-xs text-slate-500">{ADMIN_ROLE_DESCRIPTIONS[role]}</p>
      </CardContent>
    </Card>
  );
}

function MemberRow({ member, manage }: { member: TeamMember; manage: boolean }) {
  const id = useId();
  const { changeRole, remove } = useTeamActions();
  const [confirm, setConfirm] = useState<'remove' | AdminRole | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      if (confirm === 'remove') await remove.mutateAsync(member.id);
      else if (confirm) await changeRole.mutateAsync({ id: member.id, role: confirm });
      toast({ title: confirm === 'remove' ? 'Member removed' : 'Role changed', description: member.name });
      setConfirm(null);
    } catch (e) {
      setError(getErrorMessage(e, 'The change could not be saved.'));
    }
  };
  return (
    <li
      className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="team-member"
    >
      <div className="min-w-0">
        <p className="font-medium break-words">
          {member.name} <Badge variant="outline">{ADMIN_ROLE_LABELS[member.role]}</Badge>{' '}
          {member.twoFactorEnabled ? (
            <Badge variant="green">Two factors</Badge>
          ) : (
            <Badge variant="yellow">No second factor</Badge>
          )}
        </p>
        <p className="break-all text-slate-600">{member.email}</p>
        <p className="text-xs text-slate-500">
          Last sign-in: {member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'never'}
        </p>
      </div>
      {manage ? (
        <div className="flex flex-wrap items-center gap-2">
          <ChoiceSelect
            aria-label={`Role of ${member.name}`}
            id={`${id}-role`}
            value={member.role}
            onChange={setConfirm}
            choices={ADMIN_ROLES}
            labels={ADMIN_ROLE_LABELS}
          />
          <Button variant="outline" size="sm" onClick={() => setConfirm('remove')}>
            Remove
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title={
          confirm === 'remove'
            ? `Remove ${member.name}?`
            : `Make ${member.name} ${confirm ? ADMIN_ROLE_LABELS[confirm] : ''}?`
        }
        description={
          confirm === 'remove'
            ? 'They are signed out at once and can no longer sign in.'
            : 'They are signed out at once and sign in again with the new role.'
        }
        confirmLabel={confirm === 'remove' ? 'Remove' : 'Change role'}
        confirmVariant={confirm === 'remove' ? 'destructive' : 'default'}
        onConfirm={run}
        pending={remove.isPending || changeRole.isPending}
        error={error}
      />
    </li>
  );
}

function RevokeInvitation({ id, email }: { id: number; email: string }) {
  const { revoke } = useTeamActions();
  return (
    <RevokeButton
      title={`Revoke the invitation of ${email}?`}
      description="The link stops working at once."
      failure="The invitation could not be revoked."
      onRevoke={() => revoke.mutateAsync(id)}
      pending={revoke.isPending}
    />
  );
}
