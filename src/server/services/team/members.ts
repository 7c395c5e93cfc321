import { and, asc, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { sessions, users } from '../../../db/schema/auth';
import { teamInvitations } from '../../../db/schema/team';
import type { AdminRole } from '../../../shared/admin-permissions';
import type { Team } from '../../../shared/schemas/team';
import { AppError } from '../../http/errors';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { atInstant, type ServiceContext } from '../service-context';

export const MEMBER_MESSAGES = {
  notFound: 'This person is not a member of the team.',
  lastOwner: 'The last Owner can be neither removed nor demoted. Make another member an Owner first.',
} as const;

/** Settings → Team: members (role, last sign-in, second factor) and the invitations still waiting. */
export async function teamView(services: ServiceContext): Promise<Team> {
  const now = services.now();
  const lastSignIn = services.db
    .select({ userId: sessions.userId, at: max(sessions.createdAt).as('at') })
    .from(sessions)
    .groupBy(sessions.userId)
    .as('last_sign_in');
  const members = await services.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.adminRole,
      twoFactorEnabled: users.twoFactorEnabled,
      lastSignInAt: lastSignIn.at,
    })
    .from(users)
    .leftJoin(lastSignIn, eq(lastSignIn.userId, users.id))
    .where(and(eq(users.role, 'admin'), isNotNull(users.adminRole)))
    .orderBy(asc(users.name), asc(users.id));
  const inviter = sql<string | null>`(select u.name from users u where u.id = ${teamInvitations.invitedBy})`;
  const invitations = await services.db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      invitedBy: inviter,
      createdAt: teamInvitations.createdAt,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .where(
      and(
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        sql`${teamInvitations.expiresAt} > ${now}`,
      ),
    )
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
  return {
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      role: m.role as AdminRole,
      twoFactorEnabled: m.twoFactorEnabled === true,
      lastSignInAt: m.lastSignInAt ? new Date(m.lastSignInAt).toISOString() : null,
    })),
    invitations: invitations.map((i) => ({
      ...i,
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

/**
 * Changes a member's role (`role`) or removes them (`null`), in one transaction: the Owners are locked first, so two
 * Owners demoting each other at once cannot leave none. Any change ends the member's sessions at once.
 */
async function changeMember(
  services: ServiceContext,
  actor: AuditActor,
  id: string,
  role: AdminRole | null,
): Promise<void> {
  const ctx = atInstant(services);
  await ctx.db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.adminRole, 'owner')))
      .orderBy(asc(users.id))
      .for('update');
    const [member] = await tx
      .select({ id: users.id, role: users.adminRole })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'admin'), isNotNull(users.adminRole)))
      .for('update');
    if (!member?.role) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.notFound);
    if (member.role === role) return;
    if (member.role === 'owner' && role !== 'owner' && owners.length <= 1) {
      throw new AppError('CONFLICT', MEMBER_MESSAGES.lastOwner);
    }
    await tx
      .update(users)
      .set(
        role
          ? { adminRole: role, updatedAt: ctx.now }
          : { adminRole: null, banned: true, banReason: 'Removed from the team', updatedAt: ctx.now },
      )
      .where(eq(users.id, id));
    // Whatever the change, the person's open sessions end now: the next request is signed out.
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordAdminAction(tx, actor, {
      action: role ? 'team.change_role' : 'team.remove',
      entityType: 'team_member',
      entityId: id,
      before: { role: member.role },
      after: { role },
      at: ctx.now,
    });
  });
}

export const changeMemberRole = (services: ServiceContext, actor: AuditActor, id: string, role: AdminRole) =>
  changeMember(services, actor, id, role);

export const removeMember = (services: ServiceContext, actor: AuditActor, id: string) =>
  changeMember(services, actor, id, null);
