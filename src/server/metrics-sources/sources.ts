import type { Env } from '../env';
import type { MetricsSource } from './types';
import { createYoutubeSource } from './youtube';

/** The configured sources (YouTube with YOUTUBE_API_KEY); with none, the refresh job has nothing to read. */
export function metricsSourcesFromEnv(env: Pick<Env, 'youtube'>): MetricsSource[] {
  return env.youtube ? [createYoutubeSource(env.youtube)] : [];
}
