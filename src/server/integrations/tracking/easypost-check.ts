import type { Env } from '../../../config/env';
import { notConfigured } from '../check/check-options';
import { answeredReport, hostOf } from '../check/check-recorder';
import type { ServiceReport } from '../service-report';
import { createEasypostTracking } from './easypost-tracking';

/**
 * `npm run integrations:check` for EasyPost (issue 38): one read, GET /v2/trackers/<made-up id>, with the app's own
 * client. EasyPost answers a valid key with 404 NOT_FOUND for an id it does not know (https://docs.easypost.com/docs/
 * errors), and a missing or wrong key with 401. Nothing is created (a tracker costs money).
 */
export async function checkEasypost(env: Pick<Env, 'easypost'>): Promise<ServiceReport> {
  const config = env.easypost;
  if (!config) {
    return notConfigured(
      'EasyPost',
      'EASYPOST_API_KEY is unset: tracking numbers are kept as typed and deliveries are marked by hand.',
    );
  }
  const base = { service: 'EasyPost' as const, configured: true, setup: hostOf(config.apiBase) };
  const note = config.webhookSecret
    ? ''
    : ' Note: EASYPOST_WEBHOOK_SECRET is unset, so tracker webhooks are refused (trackers are read back nightly).';
  try {
    await createEasypostTracking(config).read('trk_mintboxcheck000000000000000000');
    return answeredReport(base, true, `the key was accepted and a tracker was read.${note}`, false);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    const code = (error as { code?: string }).code;
    if (status === 404) {
      return answeredReport(
        base,
        true,
        `the key was accepted: the Trackers API answered the lookup of a made-up tracker with 404${code ? ` ${code}` : ''}, as it should.${note}`,
        false,
      );
    }
    if (status === 401 || status === 403) {
      return answeredReport(
        base,
        false,
        `EasyPost refused the key (${status}${code ? ` ${code}` : ''}). Check EASYPOST_API_KEY (test and production keys differ).`,
        true,
      );
    }
    if (typeof status === 'number') {
      return answeredReport(
        base,
        null,
        `EasyPost answered ${status}${code ? ` ${code}` : ''}: try again later.`,
        true,
      );
    }
    return {
      ...base,
      reachable: false,
      authorised: null,
      detail: `${base.setup} could not be reached (${error instanceof Error ? error.message : String(error)}).`,
      failed: true,
    };
  }
}
