import { z } from 'zod';
import type { Env } from '../../../config/env';
import { findTiktokAuth } from '../../../db/queries/creators';
import { systemClock } from '../../process/clock';
import {
  type CheckOptions,
  type Creator,
  cannotCheck,
  creatorToCheck,
  notChecked,
  notConfigured,
} from '../check/check-options';
import { answeredReport, hostOf, recorder, unreachableReport } from '../check/check-recorder';
import type { ServiceReport } from '../service-report';
import { openTiktokToken } from './tiktok-login';

const tiktokAnswerSchema = z.object({
  data: z
    .object({ user: z.object({ open_id: z.string().optional(), display_name: z.string().optional() }) })
    .partial()
    .optional(),
  error: z.object({ code: z.string(), message: z.string().optional(), log_id: z.string().optional() }),
});

export async function checkTiktok(
  env: Pick<Env, 'oauth' | 'tiktokApiBase' | 'authSecret'>,
  /** The creator given with --creator, whose account is read. */
  named: Creator | null,
  options: CheckOptions,
  timeoutMs: number,
): Promise<ServiceReport> {
  if (!env.oauth.tiktok) {
    return notConfigured(
      'TikTok',
      'TIKTOK_CLIENT_ID and TIKTOK_CLIENT_SECRET are unset: no TikTok sign-in, TikTok figures are entered by hand.',
    );
  }
  const host = hostOf(env.tiktokApiBase);
  const base = { service: 'TikTok' as const, configured: true, setup: host };
  const creator = creatorToCheck(
    'TikTok',
    host,
    named,
    'not checked: give --creator <email> of a creator who signed in with TikTok to read their profile with their token.',
  );
  if ('service' in creator) return creator;
  // The token the sign-in stored, sealed with Better Auth's cipher; opened here, never renewed (this check writes
  // nothing: an expired one is left to the metrics job).
  const token = await storedTiktokToken(env, options, creator.creatorId);
  if (!token) {
    return cannotCheck(
      'TikTok',
      host,
      `${creator.email} has not signed in with TikTok (no TikTok token is stored).`,
    );
  }
  const now = (options.now ?? systemClock)();
  if (token.expiresAt && token.expiresAt <= now) {
    return notChecked(
      'TikTok',
      host,
      `not checked: ${creator.email}'s access token expired at ${token.expiresAt.toISOString()} (TikTok tokens last 24 hours; the metrics job renews them, this check writes nothing).`,
    );
  }
  const rec = recorder(options.fetch ?? fetch, timeoutMs);
  let status: number;
  let body: unknown;
  try {
    const response = await rec.fetch(`${env.tiktokApiBase}/v2/user/info/?fields=open_id,display_name`, {
      headers: { authorization: `Bearer ${token.accessToken}` },
    });
    status = response.status;
    body = await response.json().catch(() => null);
  } catch (error) {
    return unreachableReport(base, error, host, timeoutMs);
  }
  return tiktokAnswer(base, creator.email, token.openId, status, body);
}

/** What TikTok's answer to GET /v2/user/info/ says of the creator's token. */
function tiktokAnswer(
  base: { service: 'TikTok'; configured: boolean; setup: string },
  email: string,
  openId: string | null | undefined,
  status: number,
  body: unknown,
): ServiceReport {
  const parsed = tiktokAnswerSchema.safeParse(body);
  if (!parsed.success) {
    return answeredReport(base, null, `TikTok answered ${status} in an unknown shape.`, true);
  }
  const { code, message } = parsed.data.error;
  const said = `${status} ${code}${message ? `: ${message}` : ''}`;
  if (code === 'ok') {
    const user = parsed.data.data?.user;
    const other =
      openId && user?.open_id && user.open_id !== openId
        ? ` Careful: the token reads open_id ${user.open_id}, not the stored ${openId}.`
        : '';
    return answeredReport(
      base,
      true,
      `${email}'s token reads ${user?.display_name ? `"${user.display_name}"` : 'their profile'}.${other}`,
      other !== '',
    );
  }
  const words: Record<string, { authorised: boolean | null; text: string }> = {
    access_token_invalid: {
      authorised: false,
      text: `TikTok refused ${email}'s token (${said}): the metrics job renews it; if that fails too, the creator must sign in with TikTok again.`,
    },
    scope_not_authorized: {
      authorised: false,
      text: `the token works but ${email} did not grant user.info.basic (${said}): the sign-in must ask for it, and the creator sign in with TikTok again.`,
    },
    rate_limit_exceeded: {
      authorised: true,
      text: `TikTok limits this app's calls right now (${said}): try again later.`,
    },
  };
  const known = words[code];
  return answeredReport(base, known?.authorised ?? null, known?.text ?? `TikTok answered ${said}.`, true);
}

/** The creator's stored TikTok token, opened (null when they never signed in with TikTok). */
async function storedTiktokToken(env: Pick<Env, 'authSecret'>, options: CheckOptions, creatorId: number) {
  const stored = await findTiktokAuth(options.db!, creatorId);
  if (!stored?.accessToken) return null;
  return {
    accessToken: await openTiktokToken(env.authSecret, stored.accessToken),
    openId: stored.openId,
    expiresAt: stored.tokenExpiresAt,
  };
}
