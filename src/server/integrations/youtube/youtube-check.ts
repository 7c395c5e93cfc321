import { z } from 'zod';
import type { Env } from '../../../config/env';
import { youtubeVideoId } from '../../../shared/content-metrics';
import { type CheckOptions, CheckUsageError, notConfigured } from '../check/check-options';
import { answeredReport, hostOf, type Recorder, recorder, unreachableReport } from '../check/check-recorder';
import { MetricsSourceError } from '../metrics-source';
import type { ServiceReport } from '../service-report';
import { createYoutubeSource } from './youtube-source';

/** The 11-character id of a YouTube video id or link, or a usage error. */
export function parseYoutubeVideo(value: string): string {
  if (/^[A-Za-z0-9_-]{11}$/.test(value)) return value;
  const id = youtubeVideoId(value);
  if (!id) {
    throw new CheckUsageError(
      `--youtube-video must be a YouTube video id (11 characters, like dQw4w9WgXcQ) or a video link, not ${JSON.stringify(value)}`,
    );
  }
  return id;
}

const youtubeErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
    details: z.array(z.object({ reason: z.string().optional() }).loose()).optional(),
  }),
});

export async function checkYoutube(env: Pick<Env, 'youtube'>, options: CheckOptions, timeoutMs: number) {
  if (!env.youtube) {
    return notConfigured(
      'YouTube',
      'YOUTUBE_API_KEY is unset: YouTube figures are entered by an admin or reported by the creator.',
    );
  }
  const host = hostOf(env.youtube.apiBase);
  const base = { service: 'YouTube' as const, configured: true, setup: host };
  const rec = recorder(options.fetch ?? fetch, timeoutMs);
  const source = createYoutubeSource(env.youtube, { fetch: rec.fetch, timeoutMs });
  const given = options.youtubeVideo ? parseYoutubeVideo(options.youtubeVideo) : undefined;
  const videoId = given ?? 'MintboxChk0';
  try {
    const [reading] = await source.read([
      { submissionId: 0, postUrl: `https://www.youtube.com/watch?v=${videoId}` },
    ]);
    if (reading?.ok) {
      const views = reading.figures.views;
      return answeredReport(
        base,
        true,
        `videos.list read video ${videoId}: ${views === null ? 'views hidden' : `${views.toLocaleString('en-US')} views`}.`,
        false,
      );
    }
    if (!given) {
      return answeredReport(
        base,
        true,
        'the API key works (videos.list of a made-up id answered no video, as it should). Give --youtube-video <id> to read a real one.',
        false,
      );
    }
    return answeredReport(
      base,
      true,
      `the API key works, but video ${videoId} is not public or does not exist (videos.list answered no video).`,
      true,
    );
  } catch (error) {
    if (!(error instanceof MetricsSourceError)) throw error;
    return youtubeFailure(error, { base, rec, host, timeoutMs });
  }
}

/** What a failed videos.list means: no network, a refused or restricted key, a spent quota, or YouTube's own error. */
function youtubeFailure(
  error: MetricsSourceError,
  context: {
    base: { service: 'YouTube'; configured: boolean; setup: string };
    rec: Recorder;
    host: string;
    timeoutMs: number;
  },
): ServiceReport {
  const { base, rec, host, timeoutMs } = context;
  if (rec.networkError !== undefined) {
    return unreachableReport(base, rec.networkError, host, timeoutMs);
  }
  const last = rec.answers.at(-1);
  const parsed = youtubeErrorSchema.safeParse(last?.body);
  const reason =
    (parsed.success && (parsed.data.error.errors?.[0]?.reason ?? parsed.data.error.details?.[0]?.reason)) ||
    `HTTP ${last?.status ?? '?'}`;
  const status = last?.status ?? 0;
  const keyProblem: Record<string, string> = {
    keyInvalid: `Google refused the API key (${reason}). Check YOUTUBE_API_KEY.`,
    keyExpired: `the API key has expired (${reason}): make a new one and set YOUTUBE_API_KEY.`,
    accessNotConfigured: `the "YouTube Data API v3" is not enabled in the key's Google Cloud project (${reason}): enable it at console.cloud.google.com.`,
    SERVICE_DISABLED: `the "YouTube Data API v3" is not enabled in the key's Google Cloud project (${reason}): enable it at console.cloud.google.com.`,
    ipRefererBlocked: `the key's restrictions refuse this server (${reason}): allow this server's address, or use a key without an HTTP referrer restriction.`,
    forbidden: `Google refused the request (${reason}): check the key's API restrictions.`,
  };
  if (keyProblem[reason]) {
    return answeredReport(base, false, keyProblem[reason], true);
  }
  if (error.kind === 'quota') {
    return answeredReport(
      base,
      true,
      `the key works but its daily quota is used up (${reason}): figures resume after midnight Pacific time, or ask Google for more quota.`,
      true,
    );
  }
  return answeredReport(
    base,
    status >= 500 ? null : status === 400 || status === 401 || status === 403 ? false : null,
    status >= 500
      ? `YouTube had a server error (${status} ${reason}): try again later.`
      : `YouTube answered ${status} ${reason}${parsed.success && parsed.data.error.message ? `: ${parsed.data.error.message}` : ''}.`,
    true,
  );
}
