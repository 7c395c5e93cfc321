import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import type { AppBindings } from '../context';
import { validationErrorBody } from '../errors';
import { clientAddress } from '../middleware/session';
import type { AuditActor } from '../services/audit-log';
import type { PayoutContext } from '../services/payouts';

/** A record id in the path (a payout, a creator). */
export const idParam = z.object({
  id: z.coerce
    .number({ error: 'id must be a positive whole number' })
    .int({ error: 'id must be a positive whole number' })
    .positive({ error: 'id must be a positive whole number' })
    .max(2_147_483_647, { error: 'id must be a positive whole number' }),
});

type WithDeps = { get(key: 'deps'): AppBindings['Variables']['deps'] };

/** What the payout services need from a request: the database, the clock, mail and PayPal. */
export function payoutContext(c: WithDeps): PayoutContext {
  const { db, mailer, env, logger, now, paypal } = c.get('deps');
  return { db, mailer, appUrl: env.appUrl, logger, now: now?.() ?? new Date(), paypal };
}

/** The signed-in admin as payout histories and the audit trail name them, with the client address the app trusts. */
export function adminActor(c: Context<AppBindings>): AuditActor {
  const user = c.get('user');
  const ipAddress = clientAddress(c);
  return user
    ? { userId: user.id, name: `${user.name} <${user.email}>`, ipAddress }
    : { userId: null, name: 'Admin', ipAddress };
}

/**
 * A router for the wallet and payments routes: a validation failure answers 400 with the schema's message as is
 * (they are whole sentences the screens show, like "The minimum redemption is 50 Mint.").
 */
export function createPaymentsRouter() {
  return new OpenAPIHono<AppBindings>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(validationErrorBody(result.error as ZodError), 400);
      }
    },
  });
}
