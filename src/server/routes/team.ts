import { z } from '@hono/zod-openapi';
import { idParamSchema } from '../../shared/schemas/id-param';
import {
  acceptedInvitationSchema,
  acceptInvitationSchema,
  changeRoleSchema,
  invitationPreviewSchema,
  inviteMemberSchema,
  pendingInvitationSchema,
  teamSchema,
} from '../../shared/schemas/team';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { adminRoleRefusals, answer, jsonBody, refusal } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { clientAddress } from '../middleware/session';
import {
  acceptInvitation,
  invitationPreview,
  inviteMember,
  revokeInvitation,
} from '../services/team/invitations';
import { changeMemberRole, removeMember, teamView } from '../services/team/members';

/** Issue 39: Settings → Team (Owners change it; the permission table says who may) and the invitee's page. */
const memberParam = z.object({ id: z.string().min(1).max(100) });
const tokenParam = z.object({ token: z.string().min(20).max(100) });
const okSchema = z.object({ ok: z.literal(true) });

const adminRoute = routeGroup({ tags: ['Admin'], refusals: adminRoleRefusals });

const team = adminRoute.get('/team', {
  summary: 'The team: members (role, last sign-in, second factor) and the invitations still waiting',
  responses: { 200: answer('The team', teamSchema) },
});

const invite = adminRoute.post('/team/invitations', {
  summary: 'Invite an address with a role: a one-time link, good for 7 days, mailed to it',
  request: { body: jsonBody(inviteMemberSchema) },
  responses: {
    201: answer('Invited', pendingInvitationSchema),
    409: refusal('A member, a creator, or an invitation waiting'),
  },
});

const revoke = adminRoute.delete('/team/invitations/{id}', {
  summary: 'Revoke a waiting invitation (its link answers 410 from then on)',
  request: { params: idParamSchema },
  responses: { 200: answer('Revoked', okSchema), 404: refusal('No such waiting invitation') },
});

/** The answers of a change to a member: the team after it (`done` says what was done), or why it was refused. */
const memberChanged = (done: string) => ({
  200: answer(done, teamSchema),
  404: refusal('Not a member'),
  409: refusal('The last Owner'),
});

const changeRole = adminRoute.patch('/team/members/{id}', {
  summary: "Change a member's role; their sessions end at once. The last Owner cannot be demoted",
  request: { params: memberParam, body: jsonBody(changeRoleSchema) },
  responses: memberChanged('Changed'),
});

const remove = adminRoute.delete('/team/members/{id}', {
  summary: 'Remove a member: signed out at once, no more sign-in. The last Owner cannot be removed',
  request: { params: memberParam },
  responses: memberChanged('Removed'),
});

export const adminTeamRoutes = createRouter()
  .openapi(team, async (c) => c.json(await teamView(c.get('services')), 200))
  .openapi(invite, async (c) => {
    const row = await inviteMember(c.get('services'), adminActor(c), c.req.valid('json'));
    const inviter = c.get('user')?.name ?? null;
    return c.json(
      {
        id: row.id,
        email: row.email,
        role: row.role,
        invitedBy: inviter,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      },
      201,
    );
  })
  .openapi(revoke, async (c) => {
    await revokeInvitation(c.get('services'), adminActor(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(changeRole, async (c) => {
    await changeMemberRole(
      c.get('services'),
      adminActor(c),
      c.req.valid('param').id,
      c.req.valid('json').role,
    );
    return c.json(await teamView(c.get('services')), 200);
  })
  .openapi(remove, async (c) => {
    await removeMember(c.get('services'), adminActor(c), c.req.valid('param').id);
    return c.json(await teamView(c.get('services')), 200);
  });

/** The invitation links, opened without a session by the person invited. */
const invitationRoute = routeGroup({ tags: ['Accounts'], refusals: { 400: refusal('Bad input') } });

const preview = invitationRoute.get('/team-invitations/{token}', {
  summary:
    'The invitation behind a link: the address and the role (404 unknown; 410 used, revoked or expired)',
  request: { params: tokenParam },
  responses: {
    200: answer('The invitation', invitationPreviewSchema),
    404: refusal('Unknown link'),
    410: refusal('Used, revoked or expired'),
  },
});

const accept = invitationRoute.post('/team-invitations/{token}/accept', {
  summary: 'Accept the invitation with a name and a password; then sign in on /admin (the link is used up)',
  request: { params: tokenParam, body: jsonBody(acceptInvitationSchema) },
  responses: {
    200: answer('The account, ready to sign in', acceptedInvitationSchema),
    404: refusal('Unknown link'),
    409: refusal('The address already has an account'),
    410: refusal('Used, revoked or expired'),
  },
});

export const teamInvitationRoutes = createRouter()
  .openapi(preview, async (c) =>
    c.json(
      await invitationPreview(
        c.get('services'),
        c.req.valid('param').token,
        c.get('deps').env.adminRequire2fa,
      ),
      200,
    ),
  )
  .openapi(accept, async (c) =>
    c.json(
      await acceptInvitation(
        c.get('services'),
        c.get('deps').auth,
        c.req.valid('param').token,
        c.req.valid('json'),
        clientAddress(c),
      ),
      200,
    ),
  );
