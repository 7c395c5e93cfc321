/**
 * `npx tsx bench/streams.ts`: the conversations' live streams under load (issue 26). The app (createApp, PGlite in
 * memory, or PostgreSQL in a schema of its own when TEST_DATABASE_URL is set) listens on a loopback port; the bench
 * opens STREAMS Server-Sent Events streams over real HTTP: a quarter are admins' inbox streams (every
 * conversation), the rest alternate between creators' streams of one conversation and of all their conversations.
 * For STREAMS_DURATION seconds, ADMINS admins and CREATORS creators write messages within the app's own rate limits
 * (an admin every 2.5 s, a creator every 8 s, each at a random conversation of theirs). Every stream that should
 * hear of a message must receive it: a missed event, a stream that ends, or a refused message is an error. Prints
 * the figures: messages, events expected and received, delivery latency (from the send to the event, p50/p99/max),
 * the process's CPU and memory, and the machine's load before and after. Only 127.0.0.1 is contacted.
 *
 * Knobs: STREAMS (200), STREAMS_DURATION (s, 60), ADMINS (10), CREATORS (20).
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { serve } from '@hono/node-server';
import { createAuth } from '../src/server/auth/auth';
import { createApp } from '../src/server/http/app';
import { silentLogger } from '../src/server/process/logger';
import { upsertAdmin } from '../src/server/services/admin-accounts';
import { postJson, signInAdmin } from '../tests/support/auth-client';
import { captureMailer } from '../tests/support/capture-mailer';
import { createReadyCreator } from '../tests/support/creators';
import { insertCampaign } from '../tests/support/factories';
import { testEnv } from '../tests/support/test-app';
import { createTestDatabase } from '../tests/support/test-database';
import { numberEnv } from './env';

const STREAMS = Math.round(numberEnv('STREAMS', 200));
const DURATION_S = numberEnv('STREAMS_DURATION', 60);
const ADMINS = Math.round(numberEnv('ADMINS', 10));
const CREATORS = Math.round(numberEnv('CREATORS', 20));
const ADMIN_EVERY_MS = 2500;
const CREATOR_EVERY_MS = 8000;
/** After the last message, how long a stream may take to hear of it before it counts as missed. */
const GRACE_MS = 3000;

type StreamKind = 'inbox' | 'conversation' | 'mine';
interface OpenStream {
  kind: StreamKind;
  /** The conversation (kind 'conversation') or the creator (kind 'mine') it follows. */
  target: number;
  received: Map<number, number>;
  ended: boolean;
  controller: AbortController;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const driver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const loadBefore = loadavg();
  const database = await createTestDatabase(driver);
  const env = testEnv({ TRUST_PROXY: 'true' });
  const logger = silentLogger();
  const auth = createAuth({ db: database.db, env, logger });
  const app = createApp({ db: database.db, env, logger, auth, mailer: captureMailer() });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let ip = 0;
  const nextIp = () => {
    ip += 1;
    return `10.9.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`;
  };

  // The people: admins, creators each with one conversation about their application.
  const admins: string[] = [];
  for (let i = 0; i < ADMINS; i += 1) {
    const email = `bench-admin${i}@mintbox.test`;
    await upsertAdmin(database.db, auth, {
      email,
      name: `Admin ${i}`,
      password: 'bench admin password 2026',
    });
    admins.push(await signInAdmin(app, email, 'bench admin password 2026'));
  }
  const campaign = await insertCampaign(database.db, {
    name: 'Stream Bench Serum',
    status: 'active',
    type: 'gifting',
    platform: 'instagram',
    deadline: '2099-01-01',
    followersRequired: 0,
  });
  const creators: Array<{ cookie: string; creatorId: number; conversationId: number }> = [];
  for (let i = 0; i < CREATORS; i += 1) {
    const made = await createReadyCreator(app, database.db, { email: `bench-creator${i}@example.com` });
    const applied = await postJson(app, `/api/campaigns/${campaign.id}/applications`, {}, made.cookie);
    const applicationId = ((await applied.json()) as { id: number }).id;
    const opened = await postJson(app, `/api/applications/${applicationId}/conversation`, {}, made.cookie);
    creators.push({ ...made, conversationId: ((await opened.json()) as { id: number }).id });
  }

  // The streams, over real HTTP.
  const streams: OpenStream[] = [];
  const errors: string[] = [];
  let finishing = false;
  const open = async (kind: StreamKind, target: number, path: string, cookie: string) => {
    const stream: OpenStream = {
      kind,
      target,
      received: new Map(),
      ended: false,
      controller: new AbortController(),
    };
    streams.push(stream);
    const response = await fetch(`${base}${path}`, {
      headers: { cookie, 'x-forwarded-for': nextIp(), accept: 'text/event-stream' },
      signal: stream.controller.signal,
    });
    if (response.status !== 200 || !response.body) throw new Error(`${path}: ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let ready!: () => void;
    const isReady = new Promise<void>((resolve) => {
      ready = resolve;
    });
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event === 'ready') ready();
            if (event === 'message' && data) {
              const { messageId } = JSON.parse(data) as { messageId: number };
              if (!stream.received.has(messageId)) stream.received.set(messageId, performance.now());
            }
            if (event === 'resync') errors.push(`${kind} stream: resync`);
          }
        }
      } catch (error) {
        if (!finishing) errors.push(`${kind} stream failed: ${(error as Error).message}`);
      }
      stream.ended = true;
      if (!finishing) errors.push(`${kind} stream ${target} ended early`);
    })();
    await isReady;
  };
  const openedAt = performance.now();
  const inboxStreams = Math.round(STREAMS / 4);
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < STREAMS; i += 1) {
    if (i < inboxStreams) {
      pending.push(open('inbox', 0, '/api/admin/conversations/stream', admins[i % admins.length]!));
    } else {
      const creator = creators[i % creators.length]!;
      pending.push(
        i % 2 === 0
          ? open(
              'conversation',
              creator.conversationId,
              `/api/conversations/${creator.conversationId}/stream`,
              creator.cookie,
            )
          : open('mine', creator.creatorId, '/api/me/conversations/stream', creator.cookie),
      );
    }
  }
  await Promise.all(pending);
  const openMs = performance.now() - openedAt;

  // Messages flowing.
  const sent = new Map<number, { at: number; conversationId: number; creatorId: number }>();
  const refused: string[] = [];
  const cpuBefore = process.cpuUsage();
  const deadline = performance.now() + DURATION_S * 1000;
  let rss = process.memoryUsage().rss;
  const writer = async (
    cookie: string,
    everyMs: number,
    pick: () => (typeof creators)[number],
    admin: boolean,
  ) => {
    await sleep(Math.random() * everyMs);
    let n = 0;
    while (performance.now() < deadline) {
      const target = pick();
      n += 1;
      const at = performance.now();
      const path = admin
        ? `/api/admin/conversations/${target.conversationId}/messages`
        : `/api/conversations/${target.conversationId}/messages`;
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          cookie,
          origin: env.appUrl,
          'content-type': 'application/json',
          'x-forwarded-for': nextIp(),
        },
        body: JSON.stringify({ body: `Bench message ${n} about the launch, https://example.com/brief` }),
      });
      const body = (await response.json()) as { id?: number; error?: string };
      if (response.status !== 201 || !body.id) refused.push(`${response.status} ${body.error ?? ''}`);
      else sent.set(body.id, { at, conversationId: target.conversationId, creatorId: target.creatorId });
      rss = Math.max(rss, process.memoryUsage().rss);
      await sleep(everyMs);
    }
  };
  const random = () => creators[Math.floor(Math.random() * creators.length)]!;
  await Promise.all([
    ...admins.map((cookie) => writer(cookie, ADMIN_EVERY_MS, random, true)),
    ...creators.map((creator) => writer(creator.cookie, CREATOR_EVERY_MS, () => creator, false)),
  ]);
  await sleep(GRACE_MS);
  const cpu = process.cpuUsage(cpuBefore);
  finishing = true;

  // Who should have heard of what.
  let expected = 0;
  let received = 0;
  let missed = 0;
  const latencies: number[] = [];
  for (const [messageId, message] of sent) {
    for (const stream of streams) {
      const follows =
        stream.kind === 'inbox' ||
        (stream.kind === 'conversation' && stream.target === message.conversationId) ||
        (stream.kind === 'mine' && stream.target === message.creatorId);
      if (!follows) continue;
      expected += 1;
      const at = stream.received.get(messageId);
      if (at === undefined) missed += 1;
      else {
        received += 1;
        latencies.push(at - message.at);
      }
    }
  }
  for (const stream of streams) stream.controller.abort();
  latencies.sort((a, b) => a - b);
  const loadAfter = loadavg();
  const figures = {
    driver,
    streams: streams.length,
    byKind: {
      inbox: streams.filter((s) => s.kind === 'inbox').length,
      conversation: streams.filter((s) => s.kind === 'conversation').length,
      mine: streams.filter((s) => s.kind === 'mine').length,
    },
    openAllMs: Math.round(openMs),
    durationS: DURATION_S,
    messages: sent.size,
    messagesPerS: Number((sent.size / DURATION_S).toFixed(1)),
    eventsExpected: expected,
    eventsReceived: received,
    eventsMissed: missed,
    refusedMessages: refused.length,
    streamErrors: errors.length,
    latencyMs: {
      p50: Math.round(percentile(latencies, 50)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(latencies.at(-1) ?? 0),
    },
    cpuSecondsPerSecond: Number(((cpu.user + cpu.system) / 1e6 / (DURATION_S + GRACE_MS / 1000)).toFixed(2)),
    peakRssMb: Math.round(rss / 1024 / 1024),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
    loadBefore: loadBefore.map((l) => l.toFixed(2)).join(' '),
    loadAfter: loadAfter.map((l) => l.toFixed(2)).join(' '),
  };
  console.log(JSON.stringify(figures, null, 2));
  for (const line of [...new Set([...refused, ...errors])].slice(0, 10)) console.log(`error: ${line}`);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.destroy();
  const ok = missed === 0 && refused.length === 0 && errors.length === 0 && streams.length === STREAMS;
  console.log(ok ? 'PASS: every stream heard every message it follows, no errors' : 'FAIL');
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
