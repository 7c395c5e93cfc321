import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { AdminRole } from '../../../../shared/admin-permissions';
import {
  type AcceptInvitation,
  acceptedInvitationSchema,
  type InviteMember,
  invitationPreviewSchema,
  pendingInvitationSchema,
  teamSchema,
} from '../../../../shared/schemas/team';
import { apiFetch } from '../../../lib/api-client';
import { getQuery, useReadAgain } from '../../../lib/get-query';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/admin/team (issue 39). */
export const teamQuery = () => getQuery(privateKeys.admin.team, '/api/admin/team', teamSchema);
export const useTeam = () => useQuery(teamQuery());

/** Invite, revoke, change a role, remove: each reads the team again. */
export function useTeamActions() {
  const onSuccess = useReadAgain(privateKeys.admin.team);
  return {
    invite: useMutation({
      mutationFn: (input: InviteMember) =>
        apiFetch('/api/admin/team/invitations', {
          method: 'POST',
          json: input,
          schema: pendingInvitationSchema,
        }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (id: number) =>
        apiFetch(`/api/admin/team/invitations/${id}`, {
          method: 'DELETE',
          schema: z.object({ ok: z.literal(true) }),
        }),
      onSuccess,
    }),
    changeRole: useMutation({
      mutationFn: ({ id, role }: { id: string; role: AdminRole }) =>
        apiFetch(`/api/admin/team/members/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          json: { role },
          schema: teamSchema,
        }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiFetch(`/api/admin/team/members/${encodeURIComponent(id)}`, {
          method: 'DELETE',
          schema: teamSchema,
        }),
      onSuccess,
    }),
  };
}

/** The invitee's page: GET /api/team-invitations/:token (public). */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['team-invitation', token],
    queryFn: ({ signal }) =>
      apiFetch(`/api/team-invitations/${encodeURIComponent(token)}`, {
        signal,
        schema: invitationPreviewSchema,
      }),
    retry: false,
  });

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (input: AcceptInvitation) =>
      apiFetch(`/api/team-invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        json: input,
        schema: acceptedInvitationSchema,
      }),
  });
