import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import type { AppBindings } from '../context';
import { validationErrorBody } from '../errors';
import type { Actor, PayoutContext } from '../services/payouts';

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

/** The signed-in admin as payout histories name them. */
export function adminActor(c: WithDeps & { get(key: 'user'): AppBindings['Variables']['user'] }): Actor {
  const user = c.get('user');
  return user ? { userId: user.id, name: `${user.name} <${user.email}>` } : { userId: null, name: 'Admin' };
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
