import { z } from '@hono/zod-openapi';
import { idParamSchema as idParam } from '../../shared/schemas/id-param';
import {
  payoutListSchema,
  payoutSchema,
  redemptionRequestSchema,
  walletQuerySchema,
  walletSchema,
} from '../../shared/schemas/payout';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, jsonBody, refusal, refusals } from '../http/route-responses';
import { creatorOnly, currentCreator, verifiedCreator } from '../middleware/creator';
import { cancelRedemption } from '../services/payouts/cancel';
import { requestRedemption } from '../services/payouts/redeem';
import { getWallet, listPayouts } from '../services/payouts/wallet';

const common = refusals({
  400: 'Bad input (the message says what to fix)',
  401: 'Not signed in',
  403: 'Not a creator, or email not verified',
});
const IDEMPOTENCY_KEY_MESSAGE =
  'Send an Idempotency-Key header: a new random id (e.g. a UUID) for each redemption, the same one on a retry.';

const creatorRoute = routeGroup({ tags: ['Mint'], middleware: creatorOnly, refusals: common });

const routes = {
  wallet: creatorRoute.get('/me/wallet', {
    summary:
      'Available Mint (the sum of ledger entries), Mint on its way (content awaiting review), in payout, earned, and a page of entries',
    request: { query: walletQuerySchema },
    responses: { 200: answer('Wallet', walletSchema) },
  }),
  list: creatorRoute.get('/me/payouts', {
    summary: "The creator's payouts, newest first, with requested-at, paid-by date and status",
    responses: { 200: answer('Payouts', payoutListSchema) },
  }),
  request: creatorRoute.post('/me/payouts', {
    summary:
      'Redeem Mint to the profile’s PayPal email (from 50, whole Mint, up to the balance; not within 24 hours of a PayPal email change). The Mint is debited at once. Idempotent: the same Idempotency-Key and body answer the first result; another body 409.',
    request: {
      headers: z.object({
        'idempotency-key': z
          .string({ error: IDEMPOTENCY_KEY_MESSAGE })
          .trim()
          .min(8, { error: IDEMPOTENCY_KEY_MESSAGE })
          .max(255, { error: IDEMPOTENCY_KEY_MESSAGE }),
      }),
      body: jsonBody(redemptionRequestSchema),
    },
    responses: {
      201: answer('Requested (or the first answer again for a repeated Idempotency-Key)', payoutSchema),
      409: refusal(
        'The Idempotency-Key was used with another body, or the PayPal email changed less than 24 hours ago (the message says until when)',
      ),
    },
  }),
  cancel: creatorRoute.post('/me/payouts/{id}/cancel', {
    summary: 'Cancel a payout no admin has started; the Mint comes back',
    request: { params: idParam },
    responses: {
      200: answer('Cancelled', payoutSchema),
      404: refusal('Not found (or not yours)'),
      409: refusal('Already being processed, or final'),
    },
  }),
};

export const walletRoutes = createRouter()
  .openapi(routes.wallet, async (c) => {
    const creator = await currentCreator(c);
    return c.json(await getWallet(c.get('services'), creator.id, c.req.valid('query')), 200);
  })
  .openapi(routes.list, async (c) => {
    const creator = await currentCreator(c);
    return c.json({ items: await listPayouts(c.get('services'), creator.id) }, 200);
  })
  .openapi(routes.request, async (c) => {
    const creator = await verifiedCreator(c);
    const { payout, replayed } = await requestRedemption(c.get('services'), {
      creator,
      request: c.req.valid('json'),
      idempotencyKey: c.req.valid('header')['idempotency-key'],
    });
    if (replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(payout, 201);
  })
  .openapi(routes.cancel, async (c) => {
    const creator = await currentCreator(c);
    return c.json(await cancelRedemption(c.get('services'), creator, c.req.valid('param').id), 200);
  });
