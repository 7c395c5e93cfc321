// npm run integrations:check [-- --creator EMAIL] [--paypal-batch ID] [--youtube-video ID] [--timeout SECONDS]
// One harmless read-only call per configured outside service, with the configuration the server would use
// (the same environment variables: run it where the server runs). Exits 1 when a configured service fails.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, loadEnv } from '../../config/env';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { checkIntegrations, formatReport, summary } from '../integrations/check/check-integrations';
import { CheckUsageError } from '../integrations/check/check-options';
import { checkShopify } from '../integrations/shopify/shopify-check';
import { parseYoutubeVideo } from '../integrations/youtube/youtube-check';

const USAGE = `Usage: npm run integrations:check [-- options]
  --creator EMAIL       also check the Instagram and TikTok accounts this creator connected (their own tokens)
  --paypal-batch ID     look up this PayPal payout_batch_id (default: a made-up id, whose 404 proves the token)
  --youtube-video ID    read this public YouTube video (an id or a link; default: a made-up id)
  --timeout SECONDS     how long each call may take (default 10)`;

function usage(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let values: { [key: string]: string | boolean | undefined };
try {
  ({ values } = parseArgs({
    options: {
      creator: { type: 'string' },
      'paypal-batch': { type: 'string' },
      'youtube-video': { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  usage((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
const timeoutSeconds = Number(text('timeout') ?? 10);
if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0 || timeoutSeconds > 120) {
  usage('--timeout must be a number of seconds between 0 and 120');
}
const paypalBatch = text('paypal-batch');
if (paypalBatch !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(paypalBatch)) {
  usage('--paypal-batch must be a payout_batch_id (letters and digits, like 5UXD2E8A7EBQJ)');
}
const youtubeVideo = text('youtube-video');
try {
  if (youtubeVideo !== undefined) parseYoutubeVideo(youtubeVideo);
} catch (error) {
  if (error instanceof CheckUsageError) usage(error.message);
  throw error;
}

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

const creator = text('creator');
let database: DatabaseHandle | undefined;
let dbProblem: string | undefined;
// The connected Shopify stores are read from it, and the creator's accounts when --creator is given.
// Read only: no migration, no write (a PGlite folder in use by the running server is refused: use PostgreSQL,
// or stop the server for the check).
database = await openDatabase({ url: env.databaseUrl, dataDir: path.join(env.dataDir, 'pglite') }).catch(
  (error: unknown) => {
    dbProblem = `the database could not be opened (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    return undefined;
  },
);

console.log(`Mintbox integrations check (${env.nodeEnv}, ${env.appUrl})\n`);
try {
  const reports = await checkIntegrations(env, {
    creator,
    paypalBatch,
    youtubeVideo,
    db: database?.db,
    dbProblem,
    timeoutMs: timeoutSeconds * 1000,
  });
  // Brands' Shopify stores (issue 37): each connected store's shop name, read with its configured access.
  reports.push(await checkShopify(env, database?.db, dbProblem));
  for (const report of reports) console.log(formatReport(report));
  const result = summary(reports);
  console.log(`\n${result.text}`);
  process.exitCode = result.exitCode;
} finally {
  await database?.close();
}
