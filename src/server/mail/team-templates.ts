import { ADMIN_ROLE_DESCRIPTIONS, ADMIN_ROLE_LABELS, type AdminRole } from '../../shared/admin-permissions';
import { INVITATION_DAYS } from '../../shared/schemas/team';
import type { MailMessage } from './mailer';
import { layoutMail } from './templates';

/** The invitation to join the team (issue 39): the role, the one-time link and its expiry. */
export function teamInvitationMail(
  appUrl: string,
  { to, role, inviter, url }: { to: string; role: AdminRole; inviter: string; url: string },
): MailMessage {
  return layoutMail(appUrl, {
    to,
    subject: `You are invited to the Mintbox team as ${ADMIN_ROLE_LABELS[role]}`,
    paragraphs: [
      `${inviter} invited you to the Mintbox team as ${ADMIN_ROLE_LABELS[role]}: ${ADMIN_ROLE_DESCRIPTIONS[role]}`,
      `The link works once and for ${INVITATION_DAYS} days. If you did not expect this, ignore this mail.`,
    ],
    action: { label: 'Join the team', url },
  });
}
