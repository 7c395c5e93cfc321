import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { accounts, users } from '../../../db/schema/auth';
import { teamInvitations } from '../../../db/schema/team';
import { secondFactorRequired } from '../../../shared/admin-permissions';
import { emailLocalPart } from '../../../shared/rules/identity';
import {
  type AcceptedInvitation,
  type AcceptInvitation,
  INVITATION_DAYS,
  type InvitationPreview,
  type InviteMember,
} from '../../../shared/schemas/team';
import type { AuthKeys } from '../../auth/auth-context';
import { AppError } from '../../http/errors';
import { teamInvitationMail } from '../../mail/team-templates';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { atInstant, type ServiceContext } from '../service-context';
import { hashLinkToken, newLinkToken } from './tokens';

const DAY_MS = 86_400_000;

export const INVITATION_MESSAGES = {
  member: 'This address already belongs to a member of the team.',
  creator: 'This address belongs to a creator account. Invite another address for the team.',
  pending: 'This address already has an invitation waiting. Revoke it first to send a new one.',
  unknown: 'This invitation link is not valid.',
  gone: 'This invitation was already used, revoked or has expired. Ask an Owner for a new one.',
  notPending: 'This invitation is no longer waiting.',
} as const;

/** Where the invitee's page lives (APP_PAGES `/team-invitation/:token`). */
export const invitationUrl = (appUrl: string, token: string) => `${appUrl}/team-invitation/${token}`;

async function accountOf(db: DatabaseOrTransaction, email: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, adminRole: users.adminRole })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return row ?? null;
}

/** An Owner invites an address with a role: one open invitation per address, the token hashed, mailed after commit. */
export async function inviteMember(services: ServiceContext, actor: AuditActor, input: InviteMember) {
  const ctx = atInstant(services);
  const token = newLinkToken();
  const expiresAt = new Date(ctx.now.getTime() + INVITATION_DAYS * DAY_MS);
  const invitation = await ctx.db.transaction(async (tx) => {
    const existing = await accountOf(tx, input.email);
    if (existing?.role === 'admin' && existing.adminRole)
      throw new AppError('CONFLICT', INVITATION_MESSAGES.member, {}, undefined, 'email');
    if (existing && existing.role !== 'admin')
      throw new AppError('CONFLICT', INVITATION_MESSAGES.creator, {}, undefined, 'email');
    // An expired invitation no longer holds the address.
    await tx
      .update(teamInvitations)
      .set({ revokedAt: ctx.now })
      .where(
        and(
          sql`lower(${teamInvitations.email}) = ${input.email}`,
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
          sql`${teamInvitations.expiresAt} <= ${ctx.now}`,
        ),
      );
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        email: input.email,
        role: input.role,
        tokenHash: hashLinkToken(token),
        invitedBy: actor.userId,
        createdAt: ctx.now,
        expiresAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CONFLICT', INVITATION_MESSAGES.pending, {}, undefined, 'email');
    await recordAdminAction(tx, actor, {
      action: 'team.invite',
      entityType: 'team_invitation',
      entityId: row.id,
      before: null,
      after: { email: row.email, role: row.role, expiresAt: expiresAt.toISOString() },
      at: ctx.now,
    });
    return row;
  });
  try {
    await ctx.mailer.send(
      teamInvitationMail(ctx.appUrl, {
        to: invitation.email,
        role: invitation.role,
        inviter: actor.name.replace(/\s*<.*>$/, ''),
        url: invitationUrl(ctx.appUrl, token),
      }),
    );
  } catch (error) {
    ctx.logger.error({ err: error, invitationId: invitation.id }, 'team invitation mail failed');
  }
  return invitation;
}

/** An Owner revokes a waiting invitation: its link answers 410 from now on. */
export async function revokeInvitation(services: ServiceContext, actor: AuditActor, id: number) {
  const ctx = atInstant(services);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(teamInvitations)
      .set({ revokedAt: ctx.now })
      .where(
        and(
          eq(teamInvitations.id, id),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      )
      .returning();
    if (!row) throw new AppError('NOT_FOUND', INVITATION_MESSAGES.notPending);
    await recordAdminAction(tx, actor, {
      action: 'team.revoke_invitation',
      entityType: 'team_invitation',
      entityId: id,
      before: { email: row.email, role: row.role, status: 'waiting' },
      after: { email: row.email, role: row.role, status: 'revoked' },
      at: ctx.now,
    });
  });
}

/** The waiting invitation of a token, or 404 (unknown) / 410 (used, revoked, expired). */
async function openInvitation(db: DatabaseOrTransaction, token: string, now: Date, lock = false) {
  const query = db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashLinkToken(token)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', INVITATION_MESSAGES.unknown);
  if (row.acceptedAt || row.revokedAt || row.expiresAt <= now)
    throw new AppError('GONE', INVITATION_MESSAGES.gone);
  return row;
}

export async function invitationPreview(
  services: ServiceContext,
  token: string,
  adminRequire2fa: boolean,
): Promise<InvitationPreview> {
  const row = await openInvitation(services.db, token, services.now());
  return {
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    secondFactorRequired: secondFactorRequired(row.role, adminRequire2fa),
  };
}

async function freeUsername(db: DatabaseOrTransaction, email: string): Promise<string> {
  const base = emailLocalPart(email).toLowerCase();
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}${n}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, candidate))
      .limit(1);
    if (!taken) return candidate;
  }
}

/**
 * The invitee sets their name and password: the account is made (or a removed member's account comes back) with the
 * invitation's role, the invitation is used up, all in one transaction. They sign in on /admin next (and enrol a
 * second factor there when their role needs one).
 */
export async function acceptInvitation(
  services: ServiceContext,
  auth: AuthKeys,
  token: string,
  input: AcceptInvitation,
  ipAddress: string | null,
): Promise<AcceptedInvitation> {
  const ctx = atInstant(services);
  const hash = await (await auth.$context).password.hash(input.password);
  return ctx.db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, ctx.now, true);
    const existing = await accountOf(tx, invitation.email);
    if (existing && (existing.role !== 'admin' || existing.adminRole)) {
      throw new AppError(
        'CONFLICT',
        existing.role === 'admin' ? INVITATION_MESSAGES.member : INVITATION_MESSAGES.creator,
      );
    }
    let id: string;
    let username: string;
    if (existing) {
      id = existing.id;
      const [row] = await tx
        .update(users)
        .set({
          name: input.name,
          adminRole: invitation.role,
          banned: false,
          banReason: null,
          updatedAt: ctx.now,
        })
        .where(eq(users.id, id))
        .returning({ username: users.username });
      username = row?.username ?? (await freeUsername(tx, invitation.email));
      await tx
        .update(accounts)
        .set({ password: hash, updatedAt: ctx.now })
        .where(and(eq(accounts.userId, id), eq(accounts.providerId, 'credential')));
    } else {
      id = randomUUID();
      username = await freeUsername(tx, invitation.email);
      await tx.insert(users).values({
        id,
        name: input.name,
        email: invitation.email,
        emailVerified: true,
        role: 'admin',
        adminRole: invitation.role,
        username,
      });
      await tx
        .insert(accounts)
        .values({ id: randomUUID(), userId: id, accountId: id, providerId: 'credential', password: hash });
    }
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: ctx.now })
      .where(eq(teamInvitations.id, invitation.id));
    await recordAdminAction(
      tx,
      { userId: id, name: `${input.name} <${invitation.email}>`, ipAddress },
      {
        action: 'team.join',
        entityType: 'team_member',
        entityId: id,
        before: null,
        after: { email: invitation.email, role: invitation.role },
        at: ctx.now,
      },
    );
    return { username, email: invitation.email, role: invitation.role };
  });
}
