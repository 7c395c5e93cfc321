import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import type { Logger } from '../process/logger';
import { createInstagramSource } from './instagram/instagram-source';
import type { MetricsSource } from './metrics-source';
import { createTiktokSource } from './tiktok/tiktok-source';
import { createYoutubeSource } from './youtube/youtube-source';

/**
 * The configured sources: YouTube with YOUTUBE_API_KEY; TikTok with the TikTok sign-in (TIKTOK_CLIENT_ID and
 * TIKTOK_CLIENT_SECRET), read with each creator's own token; Instagram with INSTAGRAM_APP_ID and
 * INSTAGRAM_APP_SECRET, read with the account each creator connected on /profile. With none, the refresh job has
 * nothing to read.
 */
export function metricsSourcesFromEnv(
  env: Pick<Env, 'youtube' | 'oauth' | 'tiktokApiBase' | 'instagram' | 'authSecret'>,
  db: Database,
  logger?: Logger,
): MetricsSource[] {
  const sources: MetricsSource[] = [];
  if (env.youtube) sources.push(createYoutubeSource(env.youtube));
  const tiktok = env.oauth.tiktok;
  if (tiktok) {
    sources.push(
      createTiktokSource(
        {
          clientKey: tiktok.clientId,
          clientSecret: tiktok.clientSecret,
          apiBase: env.tiktokApiBase,
          authSecret: env.authSecret,
        },
        { db, ...(logger ? { logger } : {}) },
      ),
    );
  }
  if (env.instagram) {
    sources.push(
      createInstagramSource(env.instagram, { db, authSecret: env.authSecret, ...(logger ? { logger } : {}) }),
    );
  }
  return sources;
}
