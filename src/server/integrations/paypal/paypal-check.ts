import { randomBytes } from 'node:crypto';
import type { Env } from '../../../config/env';
import { type CheckOptions, notConfigured } from '../check/check-options';
import { answeredReport, hostOf, type Recorder, recorder, unreachableReport } from '../check/check-recorder';
import type { ServiceReport } from '../service-report';
import { PaypalApiError } from './paypal-answers';
import { createPaypalClient } from './paypal-client';

const NOT_FOUND_NAMES = new Set(['INVALID_RESOURCE_ID', 'RESOURCE_NOT_FOUND']);

export async function checkPaypal(env: Pick<Env, 'paypal'>, options: CheckOptions, timeoutMs: number) {
  const config = env.paypal;
  if (!config) {
    return notConfigured(
      'PayPal',
      'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are unset: payouts are paid by hand (manual mode).',
    );
  }
  const host = hostOf(config.apiBase);
  const base = {
    service: 'PayPal' as const,
    configured: true,
    setup: `${config.environment}, ${host}`,
  };
  const webhookNote = config.webhookId
    ? ''
    : ' Note: PAYPAL_WEBHOOK_ID is unset, so webhooks are refused (statuses are still read every minute).';
  const rec = recorder(options.fetch ?? fetch, timeoutMs);
  const client = createPaypalClient(config, { fetch: rec.fetch, timeoutMs });
  const given = options.paypalBatch;
  const batchId = given ?? `MINTBOXCHECK${randomBytes(6).toString('hex').toUpperCase()}`;
  try {
    const batch = await client.getBatch(batchId);
    return answeredReport(
      base,
      true,
      `a token was issued and payout batch ${batch.payoutBatchId} was read: ${batch.batchStatus}, ${batch.items.length} item(s).${webhookNote}`,
      false,
    );
  } catch (error) {
    if (!(error instanceof PaypalApiError)) throw error;
    return paypalFailure(error, {
      base,
      rec,
      host,
      timeoutMs,
      given,
      webhookNote,
      environment: config.environment,
    });
  }
}

interface PaypalFailureContext {
  base: { service: 'PayPal'; configured: boolean; setup: string };
  rec: Recorder;
  host: string;
  timeoutMs: number;
  /** The batch id the operator gave, if any. */
  given: string | undefined;
  webhookNote: string;
  environment: string;
}

/** What a refused or failed PayPal call means, in the operator's words. */
function paypalFailure(error: PaypalApiError, context: PaypalFailureContext): ServiceReport {
  const { base, rec, host, timeoutMs, given, webhookNote } = context;
  const config = { environment: context.environment };
  if (error.status === 0) {
    return unreachableReport(base, rec.networkError ?? error.cause, host, timeoutMs);
  }
  const last = rec.answers.at(-1);
  const atToken = last?.path.endsWith('/v1/oauth2/token') ?? false;
  const name = error.paypalName ?? `HTTP ${error.status}`;
  const credentials = `Check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (they must be the ${config.environment} credentials of a REST app: sandbox and live ones differ, see PAYPAL_ENV).`;
  if (atToken) return paypalTokenFailure(error, name, base, credentials);
  if (error.status === 404 && NOT_FOUND_NAMES.has(name)) {
    if (!given) {
      return answeredReport(
        base,
        true,
        `a token was issued, and the Payouts API answered the lookup of a made-up batch id with 404 ${name}, as it should.${webhookNote}`,
        false,
      );
    }
    return answeredReport(
      base,
      true,
      `the credentials work, but PayPal has no payout batch ${given} (404 ${name}): check the id, and that it was paid from this ${config.environment} account.`,
      true,
    );
  }
  if (error.status === 401) {
    return answeredReport(
      base,
      false,
      `PayPal issued a token but the Payouts API refused it (${name}). ${credentials}`,
      true,
    );
  }
  if (error.status === 403) {
    return answeredReport(
      base,
      false,
      `this REST app may not use Payouts (403 ${name}): turn on Payouts for the app at developer.paypal.com (live apps need PayPal's approval).`,
      true,
    );
  }
  return answeredReport(
    base,
    error.status >= 500 ? null : true,
    error.status >= 500
      ? `PayPal had a server error (${error.status} ${name}): try again later.`
      : `PayPal answered the payout lookup with ${error.status} ${name}: ${error.message}.`,
    true,
  );
}

/** PayPal refused to issue a token: wrong credentials, or its token service failed. */
function paypalTokenFailure(
  error: PaypalApiError,
  name: string,
  base: PaypalFailureContext['base'],
  credentials: string,
): ServiceReport {
  if (error.status === 401 || name === 'invalid_client') {
    return answeredReport(
      base,
      false,
      `PayPal refused the client id and secret (${name}). ${credentials}`,
      true,
    );
  }
  return answeredReport(
    base,
    error.status >= 500 ? null : false,
    error.status >= 500
      ? `PayPal's token service had a server error (${error.status} ${name}): try again later.`
      : `PayPal did not issue a token (${error.status} ${name}). ${credentials}`,
    true,
  );
}
