import { MIN_REDEMPTION_MINT } from '../../shared/constants';
import { idParamSchema as idParam } from '../../shared/schemas/id-param';
import { paymentRunSchema } from '../../shared/schemas/payment-run';
import {
  adjustmentResultSchema,
  adjustmentSchema,
  adminPayoutSchema,
  markFailedSchema,
  markPaidSchema,
  paymentsSummarySchema,
  processPayoutsSchema,
  processResultSchema,
  transactionListQuerySchema,
  transactionListSchema,
} from '../../shared/schemas/payout';
import { streamedCsvFile } from '../http/csv-file';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, csvAnswer, jsonBody, refusal, refusals } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { requireRecentSecondFactor } from '../middleware/second-factor';
import { adjustMint } from '../services/payouts/adjust';
import { markFailed, markPaid } from '../services/payouts/manual-marks';
import { paymentRun } from '../services/payouts/payment-run-view';
import {
  adminPayout,
  paymentsSummaryFigures,
  transactionChunks,
  transactionPage,
} from '../services/payouts/payments-reads';
import { processPayouts } from '../services/payouts/process-payouts';
import { csvLine, TRANSACTION_CSV_HEADER, transactionCsvLine } from '../services/transactions-csv';

/** Payments & Transactions for admins; everything sits behind requireRole('admin') (app.ts). */
const common = refusals({
  400: 'Bad input',
  401: 'Not signed in',
  403: 'Not an admin, or no second factor in the last 10 minutes (STEP_UP_REQUIRED)',
});
const payoutAnswer = {
  200: answer('The payout now, with its history', adminPayoutSchema),
  404: refusal('No such payout'),
  409: refusal('Not in a state that allows this'),
};
const exportQuery = transactionListQuerySchema.omit({ limit: true, cursor: true });

/** The transactions file: a byte-order mark (spreadsheets then read it as UTF-8), the header, the rows a page at a time. */
async function* transactionCsv(...[ctx, query]: Parameters<typeof transactionChunks>) {
  yield `\uFEFF${csvLine([...TRANSACTION_CSV_HEADER])}`;
  for await (const rows of transactionChunks(ctx, query)) yield rows.map(transactionCsvLine).join('');
}

const paymentsRoute = routeGroup({ tags: ['Admin payments'], refusals: common });
const steppedUpPaymentsRoute = paymentsRoute.behind(requireRecentSecondFactor);

const routes = {
  list: paymentsRoute.get('/transactions', {
    summary:
      'Transactions (rewards, payouts, adjustments), newest first, filtered by kind, status and search, paged',
    request: { query: transactionListQuerySchema },
    responses: { 200: answer('A page', transactionListSchema) },
  }),
  csv: steppedUpPaymentsRoute.get('/transactions.csv', {
    summary: 'Export Report: the filtered transactions as CSV (UTF-8, RFC 4180 quoting), streamed',
    request: { query: exportQuery },
    responses: { 200: csvAnswer('CSV file') },
  }),
  summary: paymentsRoute.get('/payments/summary', {
    summary: "'Payment Secure' totals, 'Brand Package' figures with breakdown, and the payout settings",
    responses: { 200: answer('Figures', paymentsSummarySchema) },
  }),
  payout: paymentsRoute.get('/payouts/{id}', {
    summary: 'One payout with its creator, PayPal batch and history (who did what, when)',
    request: { params: idParam },
    responses: payoutAnswer,
  }),
  paymentRun: paymentsRoute.get('/payment-runs/{id}', {
    summary:
      "A payment run Process Payment started: PayPal's answer and its payouts paid, back and still open",
    request: { params: idParam },
    responses: { 200: answer('The run now', paymentRunSchema), 404: refusal('No such run') },
  }),
  process: steppedUpPaymentsRoute.post('/payouts/process', {
    summary:
      'Process Payment: pending payouts go to PayPal in one batch, a payment run answered at once and run as a job (mode paypal), or are started for paying by hand (mode manual); all or none',
    request: { body: jsonBody(processPayoutsSchema) },
    responses: {
      200: answer('Started', processResultSchema),
      404: refusal('No such payout'),
      409: refusal('A payout is not pending, or PayPal is not configured'),
    },
  }),
  markPaid: steppedUpPaymentsRoute.post('/payouts/{id}/mark-paid', {
    summary: 'A payout paid by hand is completed, with its reference (e.g. the PayPal transaction id)',
    request: { params: idParam, body: jsonBody(markPaidSchema) },
    responses: payoutAnswer,
  }),
  markFailed: steppedUpPaymentsRoute.post('/payouts/{id}/mark-failed', {
    summary: 'A payout that could not be paid is failed with a reason; the Mint goes back to the creator',
    request: { params: idParam, body: jsonBody(markFailedSchema) },
    responses: payoutAnswer,
  }),
  adjust: steppedUpPaymentsRoute.post('/influencers/{id}/adjustments', {
    summary:
      "Credit (positive) or debit (negative) a creator's Mint with a reason; never below a zero balance",
    request: { params: idParam, body: jsonBody(adjustmentSchema) },
    responses: { 201: answer('Adjusted', adjustmentResultSchema), 404: refusal('No such creator') },
  }),
};

export const adminPaymentRoutes = createRouter()
  .openapi(routes.list, async (c) =>
    c.json(await transactionPage(c.get('services'), c.req.valid('query')), 200),
  )
  .openapi(routes.csv, (c) => {
    const ctx = c.get('services');
    const day = ctx.now().toISOString().slice(0, 10);
    return streamedCsvFile(
      c,
      `mintbox-transactions-${day}.csv`,
      transactionCsv(ctx, c.req.valid('query')),
      'transactions export failed midway',
    );
  })
  .openapi(routes.summary, async (c) => {
    const ctx = c.get('services');
    const { env } = c.get('deps');
    const figures = await paymentsSummaryFigures(ctx);
    return c.json(
      {
        ...figures,
        settings: {
          mode: ctx.paypal ? ('paypal' as const) : ('manual' as const),
          environment: env.paypalEnvironment,
          minimum: MIN_REDEMPTION_MINT,
          webhooks: Boolean(ctx.paypal?.webhookId),
          businessDays: '5-7',
        },
      },
      200,
    );
  })
  .openapi(routes.payout, async (c) =>
    c.json(await adminPayout(c.get('services'), c.req.valid('param').id), 200),
  )
  .openapi(routes.paymentRun, async (c) =>
    c.json(await paymentRun(c.get('services'), c.req.valid('param').id), 200),
  )
  .openapi(routes.process, async (c) => {
    const result = await processPayouts(c.get('services'), c.req.valid('json'), adminActor(c));
    return c.json(result, 200);
  })
  .openapi(routes.markPaid, async (c) => {
    const { id } = c.req.valid('param');
    await markPaid(c.get('services'), id, c.req.valid('json').reference, adminActor(c));
    return c.json(await adminPayout(c.get('services'), id), 200);
  })
  .openapi(routes.markFailed, async (c) => {
    const { id } = c.req.valid('param');
    await markFailed(c.get('services'), id, c.req.valid('json').reason, adminActor(c));
    return c.json(await adminPayout(c.get('services'), id), 200);
  })
  .openapi(routes.adjust, async (c) => {
    const result = await adjustMint(c.get('services'), {
      creatorId: c.req.valid('param').id,
      input: c.req.valid('json'),
      admin: adminActor(c),
    });
    return c.json(result, 201);
  });
