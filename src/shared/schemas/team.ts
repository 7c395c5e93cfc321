import { z } from 'zod';
import { ADMIN_ROLES } from '../admin-permissions';
import { newPasswordSchema } from '../rules/password';
import { filledText } from './text-field';

/** Issue 39: the team (Settings → Team), invitations, and the invitee's page. */

export const INVITATION_DAYS = 7;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

const roleField = z.enum(ADMIN_ROLES, { error: 'Choose a role: Owner, Manager, Finance or Viewer.' });

export const inviteMemberSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).max(254).trim().toLowerCase(),
  role: roleField,
});
export type InviteMember = z.infer<typeof inviteMemberSchema>;

export const changeRoleSchema = z.object({ role: roleField });
export type ChangeRole = z.infer<typeof changeRoleSchema>;

export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  lastSignInAt: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const pendingInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(pendingInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** What the invitee's page shows before they accept (no token, nothing about the team). */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  expiresAt: z.string(),
  /** Owner and Finance enrol an authenticator right after (issue 39). */
  secondFactorRequired: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationSchema = z.object({
  name: filledText({
    missing: 'Please enter your name',
    max: 100,
    tooLong: 'Name must be at most 100 characters',
  }),
  password: newPasswordSchema.refine((value) => [...value].length >= ADMIN_PASSWORD_MIN_LENGTH, {
    error: `Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
  }),
});
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

export const acceptedInvitationSchema = z.object({
  /** The username to sign in with on /admin (the address works too). */
  username: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;
