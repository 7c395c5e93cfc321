import type { Env } from '../../../config/env';
import { findInstagramConnection } from '../../../db/queries/instagram-connections';
import { open } from '../../auth/secret-box';
import { systemClock } from '../../process/clock';
import {
  type CheckOptions,
  type Creator,
  cannotCheck,
  creatorToCheck,
  notConfigured,
} from '../check/check-options';
import { answeredReport, hostOf, type Recorder, recorder, unreachableReport } from '../check/check-recorder';
import { MetricsSourceError } from '../metrics-source';
import type { ServiceReport } from '../service-report';
import { createInstagramClient } from './client';
import { InstagramTokenError } from './graph-errors';
import { INSTAGRAM_TOKEN_PURPOSE } from './instagram-source';

export async function checkInstagram(
  env: Pick<Env, 'instagram' | 'authSecret'>,
  /** The creator given with --creator, whose account is read. */
  named: Creator | null,
  options: CheckOptions,
  timeoutMs: number,
): Promise<ServiceReport> {
  if (!env.instagram) {
    return notConfigured(
      'Instagram',
      'INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET are unset: creators cannot connect Instagram; its figures are entered by hand.',
    );
  }
  const host = hostOf(env.instagram.apiBase);
  const base = { service: 'Instagram' as const, configured: true, setup: host };
  const creator = creatorToCheck(
    'Instagram',
    host,
    named,
    'not checked: give --creator <email> of a creator who connected Instagram on /profile to read their account with their token.',
  );
  if ('service' in creator) return creator;
  const connection = await findInstagramConnection(options.db!, creator.creatorId);
  if (!connection) {
    return cannotCheck(
      'Instagram',
      host,
      `${creator.email} has not connected Instagram (on /profile, "Connect Instagram").`,
    );
  }
  const token = open(env.authSecret, INSTAGRAM_TOKEN_PURPOSE, connection.tokenCiphertext);
  if (!token) {
    return cannotCheck(
      'Instagram',
      host,
      `the stored token of @${connection.username} cannot be decrypted with this AUTH_SECRET (was AUTH_SECRET changed?): the creator must connect Instagram again.`,
    );
  }
  const rec = recorder(options.fetch ?? fetch, timeoutMs);
  const client = createInstagramClient(env.instagram, { fetch: rec.fetch });
  const now = (options.now ?? systemClock)();
  try {
    const me = await client.me(token);
    const other =
      me.userId !== connection.igUserId
        ? ` Careful: the token now reads account ${me.userId}, not the connected ${connection.igUserId}.`
        : '';
    return answeredReport(
      base,
      true,
      `${creator.email}'s token reads @${me.username}${
        connection.tokenExpiresAt <= now
          ? ' (the app had marked it expired: the creator is asked to connect again)'
          : ` (it expires on ${connection.tokenExpiresAt.toISOString().slice(0, 10)} and is renewed before)`
      }.${other}`,
      other !== '',
    );
  } catch (error) {
    return instagramFailure(error, { base, email: creator.email, rec, host, timeoutMs });
  }
}

/** What a failed GET /me means: a refused token, no network, or Instagram's own limits. */
function instagramFailure(
  error: unknown,
  context: {
    base: { service: 'Instagram'; configured: boolean; setup: string };
    email: string;
    rec: Recorder;
    host: string;
    timeoutMs: number;
  },
): ServiceReport {
  const { base, email, rec, host, timeoutMs } = context;
  if (error instanceof InstagramTokenError) {
    return answeredReport(
      base,
      false,
      `Instagram refused ${email}'s token (${error.message.replace(/^Instagram answered /, '')}): the creator must connect Instagram again on /profile.`,
      true,
    );
  }
  if (!(error instanceof MetricsSourceError)) throw error;
  if (rec.networkError !== undefined) {
    return unreachableReport(base, rec.networkError, host, timeoutMs);
  }
  return answeredReport(
    base,
    null,
    error.kind === 'quota'
      ? `Instagram limits this app's calls right now (${error.message.replace(/^Instagram answered /, '')}): try again later.`
      : `${error.message}.`,
    true,
  );
}
