import { z } from 'zod';
import { MetricsSourceError } from '../metrics-source';

/*
 * Instagram Graph errors ("Graph API: Handling errors"): { error: { message, type, code, error_subcode, fbtrace_id } }.
 * What each code means for us is in client.ts's header; this module turns an answer into the error we act on.
 */

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

const errorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    fbtrace_id: z.string().optional(),
  }),
});
/** Code 10's message on a media's insights when too few accounts saw it (stories under 5 viewers, new posts). */
const NOT_ENOUGH_VIEWERS = /not enough viewers/i;

/** The token was refused (expired, revoked or the permission withdrawn): the creator must connect again. */
export class InstagramTokenError extends Error {
  override name = 'InstagramTokenError';
}

/** The object asked for no longer exists (a deleted post). */
export class InstagramNotFoundError extends Error {
  override name = 'InstagramNotFoundError';
}

/** Instagram has no insights for this media (code 10, "Not enough viewers for the media to show insights"). */
export class InstagramNoInsightsError extends Error {
  override name = 'InstagramNoInsightsError';
}

/**
 * Instagram answered, but not as documented for success: an error we do not act on (a 5xx, an unknown code) or a
 * body we cannot read. About one media, it fails that post alone; the fields say what Instagram said (never a token).
 */
export class InstagramAnswerError extends MetricsSourceError {
  override name = 'InstagramAnswerError';
  constructor(
    message: string,
    readonly detail: {
      status?: number;
      code?: number;
      subcode?: number;
      type?: string;
      fbtraceId?: string;
    } = {},
  ) {
    super('unavailable', message);
  }
}

/** Whether a Graph error means the token can no longer be used (expired, invalidated, permission withdrawn). */
export function endsConnection(code: number | undefined, message = ''): boolean {
  if (code === undefined) return false;
  if (code === 190 || code === 102) return true;
  if (code >= 200 && code < 300) return true;
  return code === 10 && !NOT_ENOUGH_VIEWERS.test(message);
}

/** The error an answer that is not a success stands for (a refused token, no insights, a rate limit, a gone object…). */
export function graphAnswerError(status: number, body: unknown): Error {
  const parsed = errorSchema.safeParse(body);
  const error = parsed.success ? parsed.data.error : undefined;
  const code = error?.code;
  const message = error?.message ?? '';
  const described = `Instagram answered ${status}${
    code === undefined
      ? ''
      : ` (code ${code}${error?.error_subcode === undefined ? '' : `/${error.error_subcode}`})`
  }${message ? `: ${message}` : ''}`;
  if (endsConnection(code, message)) return new InstagramTokenError(described);
  if (code === 10) return new InstagramNoInsightsError(described);
  if (code !== undefined && RATE_LIMIT_CODES.has(code)) return new MetricsSourceError('quota', described);
  if (code === 100 && error?.error_subcode === 33) return new InstagramNotFoundError(described);
  return new InstagramAnswerError(described, {
    status,
    ...(code === undefined ? {} : { code }),
    ...(error?.error_subcode === undefined ? {} : { subcode: error.error_subcode }),
    ...(error?.type === undefined ? {} : { type: error.type }),
    ...(error?.fbtrace_id === undefined ? {} : { fbtraceId: error.fbtrace_id }),
  });
}
