import { existsSync, readdirSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator } from '../../../tests/support/creators';
import { eventStreamText } from '../../../tests/support/event-stream';
import { insertCampaign } from '../../../tests/support/factories';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { PNG_BYTES } from '../../../tests/support/uploads';
import { auditLog } from '../../db/schema/audit';
import { campaigns } from '../../db/schema/campaigns';
import { conversationMessages } from '../../db/schema/conversations';
import { uploads } from '../../db/schema/uploads';
import type { Inbox, SavedReplyItem } from '../../shared/schemas/conversation-inbox';
import type { ConversationThread, MessageItem, MyConversationList } from '../../shared/schemas/conversations';
import type { NotificationList } from '../../shared/schemas/notifications';
import { localAreaDir } from '../integrations/file-storage/local-file-store';

const ORIGIN = 'http://localhost:3000';

type Body = Record<string, unknown> & { error?: string; code?: string; field?: string };

describe.each(TEST_DRIVERS)('conversations on %s', (driver) => {
  const clock = fakeClock('2026-06-10T12:00:00Z');
  const api = useAdminApp(driver, {
    mailer: captureMailer(),
    now: () => clock.now,
    adminEmail: 'maria@mintbox.test',
    adminName: 'Maria Ortiz',
  });
  let n = 0;

  const send = async (method: string, path: string, cookie: string, body?: unknown) => {
    const response =
      method === 'POST' && body !== undefined
        ? await postJson(api.app, path, body, cookie)
        : await api.app.request(path, {
            method,
            headers: {
              origin: ORIGIN,
              ...(cookie ? { cookie } : {}),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : {}) as Body,
    };
  };
  const get = async <T>(path: string, cookie: string) => {
    const response = await getWithCookie(api.app, path, cookie);
    return { status: response.status, body: (await response.json()) as T & Body };
  };
  const upload = async (side: '' | '/admin', id: number, cookie: string, file: File) => {
    const form = new FormData();
    form.set('image', file);
    const response = await api.app.request(`/api${side}/conversations/${id}/images`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Body & { url: string } };
  };
  const messageCount = async () => (await api.db.select({ n: count() }).from(conversationMessages))[0]!.n;
  const uploadCount = async () => (await api.db.select({ n: count() }).from(uploads))[0]!.n;
  const messagesOf = (thread: ConversationThread) =>
    thread.items.filter((i): i is MessageItem => i.type === 'message');

  /** A creator who signed up and completed the profile, `Talk Person<n>`. */
  const talker = () => {
    n += 1;
    return createReadyCreator(api.app, api.db, { email: `talk${n}@example.com`, name: `Talk Person${n}` });
  };

  /** The creator applies to the campaign (201) and opens the conversation from the application (200). */
  async function openConversation(person: { cookie: string }, campaignId: number) {
    const applied = await send('POST', `/api/campaigns/${campaignId}/applications`, person.cookie, {});
    expect(applied.status).toBe(201);
    const applicationId = applied.body.id as number;
    const opened = await send('POST', `/api/applications/${applicationId}/conversation`, person.cookie, {});
    expect(opened.status).toBe(200);
    return { applicationId, conversationId: opened.body.id as number };
  }

  /** A creator who applied to a new campaign, and the conversation they opened from the application. */
  async function creatorInConversation(campaign: Partial<typeof campaigns.$inferInsert> = {}) {
    const person = await talker();
    const row = await insertCampaign(api.db, {
      name: `Talk Campaign ${n}`,
      brand: `Brand ${n}`,
      status: 'active',
      type: 'gifting',
      platform: 'instagram',
      deadline: '2026-07-01',
      followersRequired: 0,
      ...campaign,
    });
    return { ...person, campaign: row, ...(await openConversation(person, row.id)) };
  }

  it('anonymous callers get 401; another creator gets 404 for everything of a conversation that is not theirs', async () => {
    const ana = await creatorInConversation();
    const bo = await creatorInConversation();
    const id = ana.conversationId;
    expect((await get(`/api/conversations/${id}`, '')).status).toBe(401);
    expect((await send('POST', `/api/conversations/${id}/messages`, '', { body: 'hi' })).status).toBe(401);
    expect((await getWithCookie(api.app, `/api/conversations/${id}/stream`, '')).status).toBe(401);
    expect((await get('/api/me/conversations', '')).status).toBe(401);
    expect((await get('/api/admin/conversations', '')).status).toBe(401);

    const before = await messageCount();
    expect((await get(`/api/conversations/${id}`, bo.cookie)).status).toBe(404);
    const other = await send('POST', `/api/conversations/${id}/messages`, bo.cookie, { body: 'hello' });
    expect(other).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await send('POST', `/api/conversations/${id}/seen`, bo.cookie, {})).status).toBe(404);
    expect((await getWithCookie(api.app, `/api/conversations/${id}/stream`, bo.cookie)).status).toBe(404);
    expect((await upload('', id, bo.cookie, new File([PNG_BYTES], 'a.png'))).status).toBe(404);
    expect(
      (await send('POST', `/api/applications/${ana.applicationId}/conversation`, bo.cookie, {})).status,
    ).toBe(404);
    expect(await messageCount()).toBe(before);
    // A creator cannot use the team's routes.
    expect((await get(`/api/admin/conversations/${id}`, ana.cookie)).status).toBe(403);
    // Opening twice gives the same conversation.
    const again = await send('POST', `/api/applications/${ana.applicationId}/conversation`, ana.cookie, {});
    expect(again.body.id).toBe(id);
  });

  it('a question before acceptance, the answer, the lifecycle inline: in time order, the team as brand and first name', async () => {
    const ana = await creatorInConversation();
    const id = ana.conversationId;
    const asked = await send('POST', `/api/conversations/${id}/messages`, ana.cookie, {
      body: 'Can I post on Friday instead? See https://example.com/plan.',
    });
    expect(asked.status).toBe(201);

    clock.advance(60_000);
    expect(
      (await send('POST', `/api/admin/applications/${ana.applicationId}/accept`, api.admin, {})).status,
    ).toBe(200);
    clock.advance(60_000);
    const answer = await send('POST', `/api/admin/conversations/${id}/messages`, api.admin, {
      body: 'Friday works.\nThanks for asking!',
    });
    expect(answer.status).toBe(201);

    const thread = await get<ConversationThread>(`/api/conversations/${id}`, ana.cookie);
    expect(thread.status).toBe(200);
    expect(thread.body.items.map((i) => (i.type === 'event' ? i.kind : i.authorRole))).toEqual([
      'applied',
      'creator',
      'accepted',
      'team',
    ]);
    const [question, reply] = messagesOf(thread.body);
    expect(question).toMatchObject({
      authorName: `Talk Person${String(n)}`,
      body: 'Can I post on Friday instead? See https://example.com/plan.',
      canEdit: true,
      // Answered: it stays.
      canDelete: false,
      seen: null,
    });
    expect(reply).toMatchObject({
      authorName: `${ana.campaign.brand} · Maria`,
      body: 'Friday works.\nThanks for asking!',
      canEdit: false,
    });
    expect(thread.body).toMatchObject({ canWrite: true, readOnlyReason: null, unreadCount: 1 });

    // The team's view: its message not seen yet; seen once the creator reads.
    const teamView = await get<ConversationThread>(`/api/admin/conversations/${id}`, api.admin);
    expect(messagesOf(teamView.body)[1]!.seen).toBe(false);
    expect((await send('POST', `/api/conversations/${id}/seen`, ana.cookie, {})).status).toBe(200);
    const seenView = await get<ConversationThread>(`/api/admin/conversations/${id}`, api.admin);
    expect(messagesOf(seenView.body)[1]!.seen).toBe(true);
  });

  it('unread counts: a team message counts for the creator and in the bell (once per conversation) until read', async () => {
    const ana = await creatorInConversation();
    const id = ana.conversationId;
    const bell = async () => (await get<NotificationList>('/api/notifications', ana.cookie)).body.unreadCount;
    const mine = async () =>
      (await get<MyConversationList>('/api/me/conversations', ana.cookie)).body.items.find(
        (i) => i.id === id,
      )!.unreadCount;
    const bellBefore = await bell();
    expect(await mine()).toBe(0);

    await send('POST', `/api/conversations/${id}/messages`, ana.cookie, {
      body: 'Which shade should I feature?',
    });
    // The creator's own message is not unread for them; for the admin it is.
    expect(await mine()).toBe(0);
    const inbox = await get<Inbox>('/api/admin/conversations?filter=unread', api.admin);
    expect(inbox.body.items.find((i) => i.id === id)).toMatchObject({ unreadCount: 1 });

    expect(
      (await send('POST', `/api/admin/conversations/${id}/messages`, api.admin, { body: 'The coral one.' }))
        .status,
    ).toBe(201);
    expect(
      (await send('POST', `/api/admin/conversations/${id}/messages`, api.admin, { body: 'Or the peach.' }))
        .status,
    ).toBe(201);
    expect(await mine()).toBe(2);
    expect(await bell()).toBe(bellBefore + 1);
    const notes = await get<NotificationList>('/api/notifications', ana.cookie);
    expect(notes.body.items[0]).toMatchObject({
      kind: 'conversation_message',
      title: `New message: ${ana.campaign.name}`,
      body: `${ana.campaign.brand} · Maria: Or the peach.`,
      link: `/dashboard?tab=campaigns&conversation=${ana.applicationId}`,
      readAt: null,
    });
    // Sending marks the admin's own read: nothing unread for them now.
    const after = await get<Inbox>('/api/admin/conversations?filter=unread', api.admin);
    expect(after.body.items.some((i) => i.id === id)).toBe(false);

    expect((await send('POST', `/api/conversations/${id}/seen`, ana.cookie, {})).body).toMatchObject({
      lastReadMessageId: expect.any(Number),
    });
    expect(await mine()).toBe(0);
    expect(await bell()).toBe(bellBefore);
  });

  it('rate limits per sender: a burst and an hourly ceiling, each with a clear message and Retry-After', async () => {
    const ana = await creatorInConversation();
    const bo = await creatorInConversation();
    const path = `/api/conversations/${ana.conversationId}/messages`;
    for (let i = 0; i < 5; i++)
      expect((await send('POST', path, ana.cookie, { body: `m${i}` })).status).toBe(201);
    const before = await messageCount();
    const burst = await send('POST', path, ana.cookie, { body: 'one more' });
    expect(burst.status).toBe(429);
    expect(burst.body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      error: 'You are sending messages too quickly. Wait a few seconds, then send again.',
    });
    expect(Number(burst.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await messageCount()).toBe(before);
    // Another sender is not held back.
    expect(
      (await send('POST', `/api/conversations/${bo.conversationId}/messages`, bo.cookie, { body: 'hi' }))
        .status,
    ).toBe(201);

    // Within the hour: 60 in all, spread so no burst trips.
    let sent = 5;
    while (sent < 60) {
      clock.advance(31_000);
      for (let i = 0; i < 5 && sent < 60; i++, sent++)
        expect((await send('POST', path, ana.cookie, { body: `n${sent}` })).status).toBe(201);
    }
    clock.advance(31_000);
    const hour = await send('POST', path, ana.cookie, { body: 'sixty-one' });
    expect(hour).toMatchObject({
      status: 429,
      body: { error: 'You have sent 60 messages in the last hour, the most we take. Try again later.' },
    });
    clock.advance(3600_000);
    expect((await send('POST', path, ana.cookie, { body: 'next hour' })).status).toBe(201);
  });

  /** Files in DATA_DIR/uploads (the folder appears with the first file stored). */
  const uploadedFileCount = () => {
    const dir = localAreaDir(api.env.dataDir, 'uploads');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };

  it('bad input gets a clear 4xx and nothing is stored', async () => {
    const HTML_REFUSED =
      'Write your message as plain text: HTML tags are not accepted ("<" right before a letter, "/", "!" or "?" starts one). Messages are shown as text, never as HTML.';
    const ana = await creatorInConversation();
    const id = ana.conversationId;
    const path = `/api/conversations/${id}/messages`;
    const messages = await messageCount();
    const stored = await uploadCount();
    const files = uploadedFileCount();

    const cases: Array<[unknown, string]> = [
      [{ body: 'x'.repeat(4001) }, 'Messages can be at most 4,000 characters.'],
      [{ body: '' }, 'Write a message or attach an image.'],
      [{ body: '   \n ' }, 'Write a message or attach an image.'],
      [{ body: 'hello\u0000world' }, 'body: must not contain control characters'],
      [{ body: '<script>alert(1)</script>' }, HTML_REFUSED],
      [{ body: 'look <img src=x onerror=alert(1)>' }, HTML_REFUSED],
      // Issue 42, item 7: one rule, whatever follows the tag name (the probe's `<svg/onload=…>` passed).
      ...['<svg/onload=alert(1)>', '<b>bold</b>', 'x<a\thref=y>', '<!-- c -->', '<?xml x?>', '</p'].map(
        (body): [unknown, string] => [{ body }, HTML_REFUSED],
      ),
      [
        { body: 'hi', images: ['/uploads/a', '/uploads/b', '/uploads/c', '/uploads/d', '/uploads/e'] },
        'Attach at most 4 images to a message.',
      ],
      [
        { body: 'hi', images: ['https://evil.example/x.png'] },
        expect.stringContaining('images: upload the image again') as unknown as string,
      ],
      [
        { body: 'hi', images: ['/uploads/0123456789abcdef01234567.png'] },
        expect.stringContaining('images: upload the image again') as unknown as string,
      ],
    ];
    for (const [body, error] of cases) {
      const answer = await send('POST', path, ana.cookie, body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.body.error).toEqual(error);
    }
    // 4,000 characters exactly is fine; "a < b" and "<3" are text, not HTML.
    expect((await send('POST', path, ana.cookie, { body: 'y'.repeat(4000) })).status).toBe(201);
    clock.advance(31_000);
    expect((await send('POST', path, ana.cookie, { body: 'a < b and c > d <3' })).status).toBe(201);

    const textFile = await upload(
      '',
      id,
      ana.cookie,
      new File(['<html>not an image</html>'], 'x.png', { type: 'image/png' }),
    );
    expect(textFile.status).toBe(400);
    expect(textFile.body.error).toBe('image: only PNG, JPEG, WebP or GIF images are accepted');
    const empty = await upload('', id, ana.cookie, new File([], 'x.png'));
    expect(empty.status).toBe(400);
    const big = await upload(
      '',
      id,
      ana.cookie,
      new File([PNG_BYTES, new Uint8Array(5 * 1024 * 1024)], 'big.png'),
    );
    expect(big.status).toBe(413);

    expect(await messageCount()).toBe(messages + 2);
    expect(await uploadCount()).toBe(stored);
    expect(uploadedFileCount()).toBe(files);
  });

  it('images: uploaded, attached to the next message, served to the creator and admins only', async () => {
    const ana = await creatorInConversation();
    const bo = await creatorInConversation();
    const id = ana.conversationId;
    const first = await upload('', id, ana.cookie, new File([PNG_BYTES], 'box.png', { type: 'image/png' }));
    expect(first.status).toBe(201);
    // Bo cannot send Ana's image from his conversation, nor see it.
    const stolen = await send('POST', `/api/conversations/${bo.conversationId}/messages`, bo.cookie, {
      body: 'mine',
      images: [first.body.url],
    });
    expect(stolen.status).toBe(400);
    expect((await getWithCookie(api.app, first.body.url, bo.cookie)).status).toBe(404);

    const sent = await send('POST', `/api/conversations/${id}/messages`, ana.cookie, {
      images: [first.body.url],
    });
    expect(sent.status).toBe(201);
    // An image goes with one message only.
    const twice = await send('POST', `/api/conversations/${id}/messages`, ana.cookie, {
      body: 'again',
      images: [first.body.url],
    });
    expect(twice.status).toBe(400);

    const team = await upload('/admin', id, api.admin, new File([PNG_BYTES], 'answer.png'));
    expect(team.status).toBe(201);
    expect(
      (
        await send('POST', `/api/admin/conversations/${id}/messages`, api.admin, {
          body: 'Like this',
          images: [team.body.url],
        })
      ).status,
    ).toBe(201);
    const thread = await get<ConversationThread>(`/api/conversations/${id}`, ana.cookie);
    expect(messagesOf(thread.body).map((m) => [m.body, m.images])).toEqual([
      ['', [first.body.url]],
      ['Like this', [team.body.url]],
    ]);
    expect((await getWithCookie(api.app, team.body.url, ana.cookie)).status).toBe(200);
    expect((await getWithCookie(api.app, first.body.url, api.admin)).status).toBe(200);
    expect((await getWithCookie(api.app, team.body.url, bo.cookie)).status).toBe(404);
    expect((await getWithCookie(api.app, team.body.url, '')).status).toBe(404);
  });

  it('edits within 5 minutes only; no delete after a reply; a delete before one removes the message', async () => {
    const ana = await creatorInConversation();
    const id = ana.conversationId;
    const first = await send('POST', `/api/conversations/${id}/messages`, ana.cookie, { body: 'Typo hre' });
    const mid = first.body.id as number;
    clock.advance(4 * 60_000);
    expect(
      (await send('PATCH', `/api/conversations/${id}/messages/${mid}`, ana.cookie, { body: 'Typo here' }))
        .status,
    ).toBe(204);
    clock.advance(61_000 + 60_000);
    const late = await send('PATCH', `/api/conversations/${id}/messages/${mid}`, ana.cookie, {
      body: 'Later',
    });
    expect(late).toMatchObject({
      status: 409,
      body: { error: 'Messages can be changed for 5 minutes after sending. Send a new message instead.' },
    });
    // Someone else's message: not found for editing (the admin cannot rewrite the creator's words either).
    expect(
      (await send('PATCH', `/api/admin/conversations/${id}/messages/${mid}`, api.admin, { body: 'x' }))
        .status,
    ).toBe(404);

    const second = await send('POST', `/api/conversations/${id}/messages`, ana.cookie, {
      body: 'Never mind',
    });
    expect(
      (await send('DELETE', `/api/conversations/${id}/messages/${second.body.id}`, ana.cookie)).status,
    ).toBe(204);
    await send('POST', `/api/admin/conversations/${id}/messages`, api.admin, { body: 'Answer' });
    const answered = await send('DELETE', `/api/conversations/${id}/messages/${mid}`, ana.cookie);
    expect(answered).toMatchObject({
      status: 409,
      body: { error: 'This message was answered, so it stays in the conversation.' },
    });
    const thread = await get<ConversationThread>(`/api/conversations/${id}`, ana.cookie);
    const texts = messagesOf(thread.body).map((m) => [m.body, m.editedAt !== null]);
    expect(texts).toEqual([
      ['Typo here', true],
      ['Answer', false],
    ]);
  });

  it('an admin hides a message with a reason: the creator no longer reads it, admins do, the audit log keeps it', async () => {
    const ana = await creatorInConversation();
    const id = ana.conversationId;
    const rude = await send('POST', `/api/conversations/${id}/messages`, ana.cookie, {
      body: 'my phone is 555-0100',
    });
    const hide = (reason: string, cookie = api.admin) =>
      send('POST', `/api/admin/conversations/${id}/messages/${rude.body.id}/hide`, cookie, { reason });
    expect((await hide('no')).status).toBe(400);
    expect((await hide('Personal data', ana.cookie)).status).toBe(403);
    expect((await hide('Personal data')).status).toBe(204);
    expect((await hide('Again')).status).toBe(409);

    const mine = messagesOf((await get<ConversationThread>(`/api/conversations/${id}`, ana.cookie)).body)[0]!;
    expect(mine).toMatchObject({
      body: null,
      images: [],
      hidden: { reason: null, by: null },
      canEdit: false,
    });
    const theirs = messagesOf(
      (await get<ConversationThread>(`/api/admin/conversations/${id}`, api.admin)).body,
    )[0]!;
    expect(theirs).toMatchObject({
      body: 'my phone is 555-0100',
      hidden: { reason: 'Personal data', by: 'Maria Ortiz' },
    });
    // A hidden message does not keep the conversation waiting.
    const inbox = await get<Inbox>('/api/admin/conversations', api.admin);
    expect(inbox.body.items.some((i) => i.id === id)).toBe(false);
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(rude.body.id)));
    expect(entry).toMatchObject({ action: 'conversation.hide_message', entityType: 'conversation_message' });
  });

  it('a suspended creator reads but cannot write; admins still read and write', async () => {
    const ana = await creatorInConversation();
    const id = ana.conversationId;
    await send('POST', `/api/conversations/${id}/messages`, ana.cookie, { body: 'before' });
    expect(
      (
        await send('POST', `/api/admin/influencers/${ana.creatorId}/suspend`, api.admin, {
          reason: 'Spam reports',
        })
      ).status,
    ).toBe(200);
    const refused = await send('POST', `/api/conversations/${id}/messages`, ana.cookie, { body: 'after' });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        error:
          'Your account is suspended, so you cannot send messages for now. You can still read this conversation.',
      },
    });
    expect((await upload('', id, ana.cookie, new File([PNG_BYTES], 'a.png'))).status).toBe(403);
    const thread = await get<ConversationThread>(`/api/conversations/${id}`, ana.cookie);
    expect(thread.status).toBe(200);
    expect(thread.body).toMatchObject({ canWrite: false });
    expect((await get(`/api/admin/conversations/${id}`, api.admin)).status).toBe(200);
    expect(
      (await send('POST', `/api/admin/conversations/${id}/messages`, api.admin, { body: 'We saw it.' }))
        .status,
    ).toBe(201);
  });

  it('read-only 30 days after the campaign ended, for both sides; readable still', async () => {
    const ana = await creatorInConversation({ deadline: '2026-06-20' });
    const id = ana.conversationId;
    clock.set('2026-06-22T12:00:00Z');
    await api.db
      .update(campaigns)
      .set({ status: 'ended', updatedAt: new Date('2026-06-21T00:05:00Z') })
      .where(eq(campaigns.id, ana.campaign.id));
    // Ended: still open for 30 days.
    expect(
      (await send('POST', `/api/conversations/${id}/messages`, ana.cookie, { body: 'Posted!' })).status,
    ).toBe(201);
    clock.set('2026-07-20T23:00:00Z');
    expect(
      (await send('POST', `/api/admin/conversations/${id}/messages`, api.admin, { body: 'Great' })).status,
    ).toBe(201);
    clock.set('2026-07-21T00:00:00Z');
    const text =
      'This conversation is read-only: its campaign ended more than 30 days ago. You can still read it.';
    expect(
      (await send('POST', `/api/conversations/${id}/messages`, ana.cookie, { body: 'late' })).body.error,
    ).toBe(text);
    expect(
      (await send('POST', `/api/admin/conversations/${id}/messages`, api.admin, { body: 'late' })).status,
    ).toBe(403);
    const thread = await get<ConversationThread>(`/api/conversations/${id}`, ana.cookie);
    expect(thread.body).toMatchObject({
      canWrite: false,
      readOnlyReason: text,
      readOnlyFrom: '2026-07-21T00:00:00.000Z',
    });
    expect(messagesOf(thread.body)).toHaveLength(2);
  });

  it('the inbox: newest activity first, filters (unread, waiting, campaign), search by creator or text, waiting count', async () => {
    const ana = await creatorInConversation();
    const bo = await creatorInConversation();
    await send('POST', `/api/conversations/${ana.conversationId}/messages`, ana.cookie, {
      body: 'The box arrived damaged',
    });
    clock.advance(1000);
    await send('POST', `/api/conversations/${bo.conversationId}/messages`, bo.cookie, {
      body: 'Quick question',
    });
    const all = await get<Inbox>('/api/admin/conversations', api.admin);
    const ids = all.body.items.map((i) => i.id);
    expect(ids.indexOf(bo.conversationId)).toBeLessThan(ids.indexOf(ana.conversationId));
    expect(all.body.items.find((i) => i.id === bo.conversationId)).toMatchObject({
      creator: { name: `Talk Person${n}` },
      lastMessage: { authorRole: 'creator', text: 'Quick question' },
      waitingSince: clock.now.toISOString(),
    });
    const waitingBefore = all.body.waitingCount;
    expect(
      (await get<{ waitingCount: number }>('/api/admin/conversations/waiting-count', api.admin)).body
        .waitingCount,
    ).toBe(waitingBefore);

    await send('POST', `/api/admin/conversations/${bo.conversationId}/messages`, api.admin, {
      body: 'Ask away',
    });
    const waiting = await get<Inbox>('/api/admin/conversations?filter=waiting', api.admin);
    expect(waiting.body.items.some((i) => i.id === bo.conversationId)).toBe(false);
    expect(waiting.body.items.some((i) => i.id === ana.conversationId)).toBe(true);
    expect(waiting.body.waitingCount).toBe(waitingBefore - 1);

    const byCampaign = await get<Inbox>(`/api/admin/conversations?campaignId=${ana.campaign.id}`, api.admin);
    expect(byCampaign.body.items.map((i) => i.id)).toEqual([ana.conversationId]);
    const byText = await get<Inbox>('/api/admin/conversations?q=DAMAGED', api.admin);
    expect(byText.body.items.map((i) => i.id)).toEqual([ana.conversationId]);
    const byCreator = await get<Inbox>(
      `/api/admin/conversations?q=${encodeURIComponent(`Person${n}`)}`,
      api.admin,
    );
    expect(byCreator.body.items.map((i) => i.id)).toEqual([bo.conversationId]);
    expect((await get('/api/admin/conversations?filter=nope', api.admin)).status).toBe(400);
  });

  it('the inbox pages by keyset: every conversation once, newest activity first, with a filter; the campaign filter lists campaigns with messages', async () => {
    // One creator in 13 conversations (an application to each of 13 campaigns), written 7 s apart (inside the
    // creator's message limits), and one more opened but never written in (not in the inbox). Pages of 5.
    const person = await creatorInConversation({ name: 'Paging Campaign 0' });
    const conversationIds = [person.conversationId];
    await send('POST', `/api/conversations/${person.conversationId}/messages`, person.cookie, {
      body: 'page 0',
    });
    for (let i = 1; i <= 13; i += 1) {
      clock.advance(7_000);
      const row = await insertCampaign(api.db, {
        name: `Paging Campaign ${i}`,
        brand: 'Pager',
        status: 'active',
        type: 'gifting',
        platform: 'instagram',
        deadline: '2026-07-01',
        followersRequired: 0,
      });
      const applied = await send('POST', `/api/campaigns/${row.id}/applications`, person.cookie, {});
      expect(applied.status).toBe(201);
      const opened = await send(
        'POST',
        `/api/applications/${applied.body.id}/conversation`,
        person.cookie,
        {},
      );
      if (i === 13) break; // opened, never written in
      conversationIds.push(opened.body.id as number);
      const posted = await send('POST', `/api/conversations/${opened.body.id}/messages`, person.cookie, {
        body: `page ${i}`,
      });
      expect(posted.status).toBe(201);
    }
    // The admin answers every third: those no longer wait.
    for (const id of conversationIds.filter((_, i) => i % 3 === 0)) {
      clock.advance(3_000);
      const answer = await send('POST', `/api/admin/conversations/${id}/messages`, api.admin, {
        body: 'Answered',
      });
      expect(answer.status).toBe(201);
    }
    const walk = async (query: string) => {
      const seen: number[] = [];
      let page = await get<Inbox>(`/api/admin/conversations${query}`, api.admin);
      expect(page.status).toBe(200);
      const pages = [page.body.items.length];
      seen.push(...page.body.items.map((i) => i.id));
      while (page.body.nextCursor) {
        const glue = query ? '&' : '?';
        page = await get<Inbox>(
          `/api/admin/conversations${query}${glue}cursor=${encodeURIComponent(page.body.nextCursor)}`,
          api.admin,
        );
        expect(page.status).toBe(200);
        pages.push(page.body.items.length);
        seen.push(...page.body.items.map((i) => i.id));
      }
      return { seen, pages, last: page.body };
    };
    const all = await walk('?limit=5');
    expect(all.pages.slice(0, -1).every((size) => size === 5)).toBe(true);
    const mine = all.seen.filter((id) => conversationIds.includes(id));
    expect(new Set(all.seen).size).toBe(all.seen.length);
    expect(mine).toHaveLength(conversationIds.length);
    // Newest activity first: the answered ones (written last) lead, then the rest newest first, ties by id.
    const answered = conversationIds.filter((_, i) => i % 3 === 0);
    expect(mine.slice(0, answered.length)).toEqual([...answered].reverse());
    expect(mine.slice(answered.length)).toEqual(conversationIds.filter((_, i) => i % 3 !== 0).reverse());
    const waiting = await walk('?filter=waiting&limit=5');
    expect(waiting.seen.filter((id) => conversationIds.includes(id))).toEqual(
      conversationIds.filter((_, i) => i % 3 !== 0).reverse(),
    );
    expect(waiting.last.waitingCount).toBeGreaterThanOrEqual(conversationIds.length - answered.length);
    const bad = await get('/api/admin/conversations?cursor=nonsense', api.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('cursor is not valid: load the first page again');

    const campaignsList = await get<{ items: { id: number; name: string }[] }>(
      '/api/admin/conversations/campaigns?q=paging&limit=50',
      api.admin,
    );
    const names = campaignsList.body.items.map((c) => c.name).filter((name) => name.startsWith('Paging'));
    expect(names).toHaveLength(13);
    expect(names).not.toContain('Paging Campaign 13');
    expect((await get<Inbox>('/api/admin/conversations', api.admin)).body.items.length).toBeLessThanOrEqual(
      50,
    );
    expect((await get('/api/admin/conversations?limit=101', api.admin)).body.error).toBe(
      'limit must be at most 100',
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await get('/api/admin/conversations/campaigns', person.cookie)).status).toBe(403);
  });

  it('the campaign filter lists a campaign while one of its conversations has a message, and only then', async () => {
    const listed = async () =>
      (
        await get<{ items: { id: number; name: string }[] }>(
          '/api/admin/conversations/campaigns?q=Filter%20Campaign',
          api.admin,
        )
      ).body.items.filter((c) => c.name === 'Filter Campaign');
    const first = await creatorInConversation({ name: 'Filter Campaign' });
    // Opened, nothing written yet: not a campaign to filter by.
    expect(await listed()).toEqual([]);
    const hello = await send('POST', `/api/conversations/${first.conversationId}/messages`, first.cookie, {
      body: 'Hello',
    });
    expect(hello.status).toBe(201);
    expect(await listed()).toEqual([{ id: first.campaign.id, name: 'Filter Campaign' }]);

    // A second creator of the same campaign writes too; the campaign is listed once.
    const second = await talker();
    const { conversationId: secondId } = await openConversation(second, first.campaign.id);
    const hi = await send('POST', `/api/conversations/${secondId}/messages`, second.cookie, { body: 'Hi' });
    expect(hi.status).toBe(201);
    expect(await listed()).toHaveLength(1);

    // Each deletes their only message (nobody answered): the campaign goes when the last one does.
    const removeFirst = await send(
      'DELETE',
      `/api/conversations/${first.conversationId}/messages/${hello.body.id}`,
      first.cookie,
    );
    expect(removeFirst.status).toBe(204);
    expect(await listed()).toHaveLength(1);
    const removeSecond = await send(
      'DELETE',
      `/api/conversations/${secondId}/messages/${hi.body.id}`,
      second.cookie,
    );
    expect(removeSecond.status).toBe(204);
    expect(await listed()).toEqual([]);

    // Written in again: back in the list.
    const again = await send('POST', `/api/conversations/${secondId}/messages`, second.cookie, {
      body: 'Back',
    });
    expect(again.status).toBe(201);
    expect(await listed()).toEqual([{ id: first.campaign.id, name: 'Filter Campaign' }]);
  });

  it('the campaign filter searches: name contains q (any case), most conversations first, limit 20 by default, at most 50', async () => {
    type Choices = { items: { id: number; name: string }[] };
    const choices = (query: string) => get<Choices>(`/api/admin/conversations/campaigns${query}`, api.admin);
    // "Lumen Serum" has two conversations with a message, "lumen balm" and "Lumen Cream" one each, "Lumen Mist" one
    // opened but never written in; "Dusk_Lumen%" tests that the term's % and _ are letters, not wildcards.
    const write = async (conversationId: number, cookie: string) =>
      expect(
        (await send('POST', `/api/conversations/${conversationId}/messages`, cookie, { body: 'Hello' }))
          .status,
      ).toBe(201);
    const serum = await creatorInConversation({ name: 'Lumen Serum' });
    await write(serum.conversationId, serum.cookie);
    const other = await talker();
    await write((await openConversation(other, serum.campaign.id)).conversationId, other.cookie);
    const balm = await creatorInConversation({ name: 'lumen balm' });
    await write(balm.conversationId, balm.cookie);
    const cream = await creatorInConversation({ name: 'Lumen Cream' });
    await write(cream.conversationId, cream.cookie);
    await creatorInConversation({ name: 'Lumen Mist' });
    const odd = await creatorInConversation({ name: 'Dusk_Lumen%' });
    await write(odd.conversationId, odd.cookie);

    const lumen = await choices('?q=LUMEN');
    expect(lumen.status).toBe(200);
    // Most conversations first, then by name; never a campaign without a written conversation.
    expect(lumen.body.items.map((c) => c.name)).toEqual([
      'Lumen Serum',
      'Dusk_Lumen%',
      'lumen balm',
      'Lumen Cream',
    ]);
    // The term is trimmed; a space inside it counts.
    expect((await choices('?q=%20umen%20c%20')).body.items.map((c) => c.name)).toEqual(['Lumen Cream']);
    expect((await choices('?q=k_L')).body.items.map((c) => c.name)).toEqual(['Dusk_Lumen%']);
    expect((await choices('?q=n_C')).body.items).toEqual([]);
    expect((await choices('?q=%25')).body.items.map((c) => c.name)).toEqual(['Dusk_Lumen%']);
    expect((await choices('?q=Lumen%20Mist')).body.items).toEqual([]);
    expect((await choices('?q=lumen&limit=2')).body.items.map((c) => c.name)).toEqual([
      'Lumen Serum',
      'Dusk_Lumen%',
    ]);

    // Without q: the first 20 by conversations (the Serum, with two, among them), at most 50 when asked.
    for (let i = 0; i < 21; i += 1) {
      const more = await creatorInConversation({ name: `Limit Campaign ${i}` });
      await write(more.conversationId, more.cookie);
    }
    const first = await choices('');
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items.map((c) => c.name)).toContain('Lumen Serum');
    expect((await choices('?q=limit%20campaign')).body.items).toHaveLength(20);
    expect((await choices('?q=limit%20campaign&limit=50')).body.items).toHaveLength(21);

    // A filter kept in the URL reads its campaign by id, with conversations or not.
    const mist = (await api.db.select().from(campaigns)).find((c) => c.name === 'Lumen Mist')!;
    expect((await choices(`?id=${mist.id}`)).body.items).toEqual([{ id: mist.id, name: 'Lumen Mist' }]);
    expect((await choices('?id=2147483000')).body.items).toEqual([]);

    for (const [query, error] of [
      ['?limit=51', 'limit must be at most 50'],
      ['?limit=0', 'limit must be at least 1'],
      ['?limit=ten', 'limit must be a whole number'],
      ['?id=abc', 'id must be a campaign id'],
      [`?q=${'a'.repeat(101)}`, 'Search for at most 100 characters.'],
    ] as const) {
      const bad = await choices(query);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error, query).toBe(error);
    }
    const creator = await get(`/api/admin/conversations/campaigns?q=lumen`, serum.cookie);
    expect(creator.status).toBe(403);
  });

  it('saved replies: create, edit, list by title, delete; duplicate titles and HTML refused', async () => {
    const created = await send('POST', '/api/admin/saved-replies', api.admin, {
      title: 'Posting day',
      body: 'Any day within your window works.',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (await send('POST', '/api/admin/saved-replies', api.admin, { title: 'posting day', body: 'x' })).status,
    ).toBe(409);
    expect(
      (await send('POST', '/api/admin/saved-replies', api.admin, { title: 'Bad', body: '<b>hi</b>' })).status,
    ).toBe(400);
    const changed = await send('PUT', `/api/admin/saved-replies/${id}`, api.admin, {
      title: 'Posting day',
      body: 'Any day before your upload deadline works.',
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { body: 'Any day before your upload deadline works.' },
    });
    await send('POST', '/api/admin/saved-replies', api.admin, {
      title: 'Address',
      body: 'Check your address on /profile.',
    });
    const list = await get<{ items: SavedReplyItem[] }>('/api/admin/saved-replies', api.admin);
    expect(list.body.items.map((i) => i.title)).toEqual(['Address', 'Posting day']);
    expect((await send('DELETE', `/api/admin/saved-replies/${id}`, api.admin)).status).toBe(204);
    expect((await send('DELETE', `/api/admin/saved-replies/${id}`, api.admin)).status).toBe(404);
    const someone = await creatorInConversation();
    expect((await get('/api/admin/saved-replies', someone.cookie)).status).toBe(403);
  });

  it('the stream: auth at open, then the message written on this instance arrives', async () => {
    const ana = await creatorInConversation();
    const id = ana.conversationId;
    const controller = new AbortController();
    const response = await api.app.request(`/api/conversations/${id}/stream`, {
      headers: { origin: ORIGIN, cookie: ana.cookie },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = eventStreamText(response);
    await stream.until('event: ready');
    const sent = await send('POST', `/api/admin/conversations/${id}/messages`, api.admin, { body: 'Live!' });
    await stream.until(`"messageId":${sent.body.id}`);
    expect(stream.text).toContain(
      `event: message\ndata: {"conversationId":${id},"messageId":${sent.body.id}}`,
    );
    controller.abort();
    await stream.close();
  });
  it("the creator's stream of their conversations: their own changes, never another creator's", async () => {
    const ana = await creatorInConversation();
    const bo = await creatorInConversation();
    expect((await getWithCookie(api.app, '/api/me/conversations/stream', '')).status).toBe(401);
    expect((await getWithCookie(api.app, '/api/me/conversations/stream', api.admin)).status).toBe(403);
    const controller = new AbortController();
    const response = await api.app.request('/api/me/conversations/stream', {
      headers: { origin: ORIGIN, cookie: ana.cookie },
      signal: controller.signal,
    });
    const stream = eventStreamText(response);
    await stream.until('event: ready');
    const toBo = await send('POST', `/api/admin/conversations/${bo.conversationId}/messages`, api.admin, {
      body: 'For Bo only',
    });
    const toAna = await send('POST', `/api/admin/conversations/${ana.conversationId}/messages`, api.admin, {
      body: 'For Ana',
    });
    await stream.until(`"messageId":${toAna.body.id}`);
    expect(stream.text).not.toContain(`"conversationId":${bo.conversationId}`);
    expect(stream.text).not.toContain(`"messageId":${toBo.body.id}`);
    controller.abort();
    await stream.close();
  });
});
