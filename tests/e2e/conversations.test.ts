import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../src/db/schema/conversations';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { signInAdminThroughForm } from '../support/admin-browser-sign-in';
import { postJson } from '../support/auth-client';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { freePort } from '../support/free-port';
import { textOf } from '../support/page-checks';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = {
  email: 'maria@mintbox.test',
  username: 'maria',
  name: 'Maria Ortiz',
  password: 'correct-horse-battery-staple',
};
const CREATOR = { email: 'jo@example.com', name: 'Jo Rivera', password: 'correct horse battery' };
const CAMPAIGN = 'Shade Match Foundation';
const BRAND = 'Glow Labs';
/** A real 1×1 PNG (the upload rules sniff the type). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Where the journey's screenshots go (set CONVERSATIONS_SCREENSHOTS=<folder> to look at them). */
const SHOTS = process.env.CONVERSATIONS_SCREENSHOTS;

/**
 * Issue 26's journey: a creator asks a question from the dashboard; the admin sees it arrive in /admin/messages
 * without reloading, replies with a saved reply and an image; the creator's open page shows the reply live and the
 * bell counts a reply until it is read. Then the same at 375 px. axe finds nothing serious on any of the pages.
 */
describe('conversations in the browser', () => {
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  let server: E2EServer;
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let creator: Page;
  let admin: Page;
  let campaignId: number;
  let api: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}` };
    server = await startE2EServer({
      port,
      env,
      deps: { now: () => clock.now },
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    api = createTestApp(server.db, { now: () => clock.now });
    const made = await createReadyCreator(api, server.db, { email: CREATOR.email, name: CREATOR.name });
    const campaign = await insertCampaign(server.db, {
      name: CAMPAIGN,
      brand: BRAND,
      type: 'paid',
      platform: 'instagram',
      status: 'active',
      reward: 40,
      deadline: '2026-07-01',
      followersRequired: 0,
    });
    campaignId = campaign.id;
    // Applied, not yet accepted: a question about the campaign may come before the decision.
    expect((await postJson(api, `/api/campaigns/${campaign.id}/applications`, {}, made.cookie)).status).toBe(
      201,
    );

    browser = await launchBrowser();
    const make = async () => {
      const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    };
    admin = await make();
    creator = await make();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    contexts = [];
    await server?.close();
  });

  const nameOf = (locator: Locator) => locator.getAttribute('aria-label');
  const creatorBell = () => creator.getByTestId('signed-in-header').getByTestId('notification-bell');
  const inboxRow = () => admin.getByTestId('inbox-row').filter({ hasText: CREATOR.name });
  const messageDialog = () => creator.getByTestId('message-brand-dialog');
  const adminThread = () =>
    admin.getByRole('region', { name: 'Conversation' }).getByTestId('conversation-thread');
  /** `include`: only that part, on a page checked whole before (tests/support/axe.ts). */
  const noSeriousAxe = async (page: Page, where: string, include?: string) =>
    expect(await seriousAxeViolations(page, include), where).toEqual([]);
  const shoot = async (page: Page, name: string) => {
    const width = page.viewportSize()?.width ?? 1280;
    if (width <= 375)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(375);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  };

  const openConversationFromDashboard = async () => {
    await creator
      .getByTestId('my-campaign')
      .filter({ hasText: CAMPAIGN })
      .getByRole('button', { name: `Message the brand about ${CAMPAIGN}` })
      .click();
    await expect.poll(() => messageDialog().getByTestId('conversation-thread').count()).toBe(1);
  };
  const creatorAsks = async (question: string) => {
    const dialog = messageDialog();
    await dialog.getByLabel('Your message').fill(question);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => textOf(dialog.getByRole('list', { name: 'Messages' }))).toContain(question);
    await expect.poll(() => dialog.getByLabel('Your message').inputValue()).toBe('');
  };

  it("the admin sees a creator's question arrive, replies with a saved reply and an image; the creator sees it live", async () => {
    await signInAdminThroughForm(admin, server.url, ADMIN);
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Messages' }).click();
    await admin.waitForURL(`${server.url}/admin/messages`);
    await expect.poll(() => textOf(admin.getByTestId('admin-empty-state'))).toContain('No conversations yet');
    await noSeriousAxe(admin, 'empty inbox');
    await shoot(admin, 'inbox-empty');

    await signInThroughApi(creator.context(), server.url, CREATOR);
    await creator.goto(`${server.url}/dashboard?tab=campaigns`);
    await openConversationFromDashboard();
    await creatorAsks('Can I post on Friday instead of Thursday?');
    await noSeriousAxe(creator, 'creator dialog');
    await shoot(creator, 'creator-asks');

    // The inbox shows it without a reload: the row, the waiting time and the number in the sidebar.
    await expect.poll(() => inboxRow().count(), { timeout: 10_000 }).toBe(1);
    expect(await textOf(inboxRow())).toContain('Can I post on Friday instead of Thursday?');
    expect(await textOf(inboxRow())).toContain(`${BRAND} · ${CAMPAIGN}`);
    expect(await textOf(inboxRow().getByTestId('waiting-time'))).toContain('Waiting for our reply');
    expect(await inboxRow().getAttribute('data-unread')).toBe('true');
    const badge = admin.getByRole('navigation', { name: 'Admin' }).getByTestId('messages-badge');
    await expect.poll(() => textOf(badge)).toBe('1 waiting for our reply');
    await noSeriousAxe(admin, 'inbox with a question');
    await shoot(admin, 'inbox-question');

    // The admin opens it (keyboard) and the row is read.
    await inboxRow().getByRole('button').focus();
    await admin.keyboard.press('Enter');
    await expect.poll(() => textOf(adminThread())).toContain('Can I post on Friday instead of Thursday?');
    await expect.poll(() => inboxRow().getAttribute('data-unread')).toBe('false');

    // A saved reply: made once, then inserted into the box.
    await adminThread().getByRole('button', { name: 'Saved replies' }).click();
    const saved = admin.getByTestId('saved-replies-dialog');
    await expect.poll(() => textOf(saved)).toContain('No saved replies yet');
    await saved.getByRole('button', { name: 'New saved reply' }).click();
    await saved.getByLabel('Title', { exact: true }).fill('Posting day');
    await saved
      .getByLabel('Reply', { exact: true })
      .fill('Any day before your upload deadline works. Here is the shade guide:');
    await saved.getByRole('button', { name: 'Save reply' }).click();
    await expect.poll(() => saved.getByTestId('saved-reply').count()).toBe(1);
    // Nothing was sent by saving the reply.
    expect(await adminThread().getByTestId('conversation-message').count()).toBe(1);
    await noSeriousAxe(admin, 'saved replies', '[data-testid="saved-replies-dialog"]');
    await shoot(admin, 'saved-replies');
    await saved.getByRole('button', { name: 'Insert Posting day' }).click();
    await expect.poll(() => saved.count()).toBe(0);
    const box = adminThread().getByLabel('Your message');
    expect(await box.inputValue()).toBe(
      'Any day before your upload deadline works. Here is the shade guide:',
    );
    await adminThread()
      .locator('input[type="file"]')
      .setInputFiles({ name: 'shade-guide.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => textOf(adminThread().getByRole('list', { name: 'Images to send' })))
      .toContain('shade-guide.png');
    await adminThread().getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => box.inputValue()).toBe('');
    await expect.poll(() => adminThread().getByTestId('conversation-message').count()).toBe(2);
    // The creator was waiting: no longer.
    await expect.poll(() => inboxRow().getByTestId('waiting-time').count()).toBe(0);
    await expect.poll(() => badge.count()).toBe(0);

    // The creator's open conversation shows the reply live, signed by the brand and the admin's first name.
    const reply = messageDialog().getByTestId('conversation-message').nth(1);
    await expect
      .poll(() => textOf(reply), { timeout: 10_000 })
      .toContain('Any day before your upload deadline');
    expect(await textOf(reply)).toContain(`${BRAND} · Maria`);
    const image = reply.getByRole('img', { name: `Attachment 1 from ${BRAND} · Maria` });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    // Read in the open thread: the bell has nothing, and the team sees "Seen".
    await expect.poll(() => nameOf(creatorBell())).toBe('Notifications');
    await expect
      .poll(() => textOf(adminThread().getByTestId('conversation-message').nth(1)))
      .toContain('Seen');
    await noSeriousAxe(creator, 'creator dialog with the reply', '[data-testid="message-brand-dialog"]');
    await shoot(creator, 'creator-reply');
    await shoot(admin, 'admin-thread');

    // With the conversation closed, the next reply counts in the bell until it is read.
    await creator.keyboard.press('Escape');
    await expect.poll(() => messageDialog().count()).toBe(0);
    await box.fill('And the shade: go with Warm Sand.');
    await adminThread().getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => nameOf(creatorBell()), { timeout: 10_000 }).toBe('Notifications, 1 unread');
    await openConversationFromDashboard();
    await expect.poll(() => textOf(messageDialog())).toContain('go with Warm Sand');
    await expect.poll(() => nameOf(creatorBell())).toBe('Notifications');
    await creator.keyboard.press('Escape');
  }, 120_000);

  it('at 375 px: the question arrives in the inbox live, the reply reaches the creator live', async () => {
    await admin.setViewportSize({ width: 375, height: 812 });
    await creator.setViewportSize({ width: 375, height: 812 });
    await admin.goto(`${server.url}/admin/messages`);
    await expect.poll(() => inboxRow().count()).toBe(1);
    await noSeriousAxe(admin, 'inbox at 375');
    await shoot(admin, 'inbox');

    await openConversationFromDashboard();
    await creatorAsks('The box arrived damaged, can you send another?');
    await expect.poll(() => textOf(inboxRow()), { timeout: 10_000 }).toContain('The box arrived damaged');
    await expect
      .poll(() => textOf(inboxRow().getByTestId('waiting-time')))
      .toContain('Waiting for our reply');
    // The menu holds the number waiting.
    await admin.getByRole('button', { name: 'Open admin menu' }).click();
    await expect
      .poll(() => textOf(admin.getByRole('navigation', { name: 'Admin menu' }).getByTestId('messages-badge')))
      .toBe('1 waiting for our reply');
    await admin.getByRole('button', { name: 'Close admin menu' }).click();

    // At 375 px the conversation takes the place of the list, with a way back.
    await inboxRow().getByRole('button').click();
    await expect.poll(() => textOf(adminThread())).toContain('The box arrived damaged');
    expect(await admin.getByRole('region', { name: 'Inbox' }).isVisible()).toBe(false);
    await adminThread().getByRole('button', { name: 'Saved replies' }).click();
    await admin
      .getByTestId('saved-replies-dialog')
      .getByRole('button', { name: 'Insert Posting day' })
      .click();
    const box = adminThread().getByLabel('Your message');
    await box.fill(`Sorry about that! A new box ships today.\n${await box.inputValue()}`);
    await adminThread().getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => box.inputValue()).toBe('');
    await noSeriousAxe(admin, 'thread at 375');
    await shoot(admin, 'admin-thread');

    await expect
      .poll(() => textOf(messageDialog().getByRole('list', { name: 'Messages' })), { timeout: 10_000 })
      .toContain('A new box ships today');
    await noSeriousAxe(creator, 'creator dialog at 375');
    await shoot(creator, 'creator-reply');

    await admin.getByRole('button', { name: 'Back to inbox' }).click();
    await expect.poll(() => admin.getByRole('region', { name: 'Inbox' }).isVisible()).toBe(true);
    await expect.poll(() => inboxRow().getByTestId('waiting-time').count()).toBe(0);
  }, 120_000);
  it('the review page opens the conversation beside the application (a reply and a decision in one place)', async () => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(`${server.url}/admin/campaigns/${campaignId}`);
    const card = admin.getByTestId('applicant').filter({ hasText: CREATOR.name });
    await card.getByRole('button', { name: `Conversation with ${CREATOR.name}` }).click();
    const dialog = admin.getByTestId('application-conversation-dialog');
    await expect.poll(() => textOf(dialog)).toContain('The box arrived damaged');
    expect(await textOf(dialog)).toContain(`Conversation with ${CREATOR.name}`);
    await noSeriousAxe(admin, 'review page conversation');
    await shoot(admin, 'review-conversation');
    await admin.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // Focus goes back to the card's button; the decision is right there.
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('applicant-conversation');
    expect(await card.getByRole('button', { name: `Accept ${CREATOR.name}` }).count()).toBe(1);
  }, 60_000);

  it('a full inbox shows 50 conversations, then "Show more conversations" the rest; the campaign filter searches the campaigns', async () => {
    // Another creator writes to the team about 55 campaigns, 7 s apart (inside the creator's message limits).
    const many = await createReadyCreator(api, server.db, { email: 'many@example.com', name: 'Mo Many' });
    for (let i = 1; i <= 55; i += 1) {
      const campaign = await insertCampaign(server.db, {
        name: `Inbox Page ${String(i).padStart(2, '0')}`,
        brand: 'Pager',
        type: 'gifting',
        platform: 'instagram',
        status: 'active',
        deadline: '2026-07-01',
        followersRequired: 0,
      });
      const applied = await postJson(api, `/api/campaigns/${campaign.id}/applications`, {}, many.cookie);
      const { id: applicationId } = (await applied.json()) as { id: number };
      const opened = await postJson(api, `/api/applications/${applicationId}/conversation`, {}, many.cookie);
      const { id: conversationId } = (await opened.json()) as { id: number };
      clock.now = new Date(clock.now.getTime() + 7_000);
      const sent = await postJson(
        api,
        `/api/conversations/${conversationId}/messages`,
        { body: `Question ${i}` },
        many.cookie,
      );
      expect(sent.status).toBe(201);
    }
    const written = await server.db
      .select({ id: conversations.id, campaignId: conversations.campaignId })
      .from(conversations)
      .where(isNotNull(conversations.lastMessageId));
    expect(written.length).toBeGreaterThan(55);

    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(`${server.url}/admin/messages`);
    const rows = admin.getByTestId('inbox-row');
    await expect.poll(() => rows.count()).toBe(50);
    // Newest activity first: the last question leads.
    expect(await textOf(rows.first())).toContain('Question 55');
    const more = admin.getByRole('button', { name: 'Show more conversations' });
    await more.click();
    await expect.poll(() => rows.count()).toBe(written.length);
    expect(await more.count()).toBe(0);
    await shoot(admin, 'inbox-all-pages');

    // The campaign filter is a search: the admin types part of a name, picks the match, sees only its conversations.
    const combo = admin.getByRole('combobox', { name: 'Campaign', exact: true });
    const options = admin.getByRole('option');
    const noMatch = admin.getByRole('status').filter({ hasText: 'No campaign matches' });
    await combo.click();
    // Opened without a term: the first 20 of the campaigns with conversations.
    await expect.poll(() => options.count()).toBe(20);
    expect(await combo.getAttribute('aria-expanded')).toBe('true');
    await combo.pressSequentially('no such campaign');
    await expect.poll(() => noMatch.count()).toBe(1);
    expect(await options.count()).toBe(0);
    await combo.fill('');
    await combo.pressSequentially('page 01');
    await expect.poll(() => options.allTextContents()).toEqual(['Inbox Page 01']);
    await combo.press('Enter');
    await expect.poll(() => combo.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await textOf(rows.first())).toContain('Question 1');
    expect(await combo.inputValue()).toBe('Inbox Page 01');

    // The URL keeps the campaign: read again, the field shows its name.
    expect(new URL(admin.url()).searchParams.get('campaign')).toMatch(/^\d+$/);
    await admin.reload();
    await expect.poll(() => combo.inputValue()).toBe('Inbox Page 01');
    await expect.poll(() => rows.count()).toBe(1);

    // Arrows move through the matches (most conversations first, then by name), Enter picks the highlighted one.
    await combo.fill('PAGE 0');
    await expect.poll(() => options.count()).toBe(9);
    expect(await options.first().textContent()).toBe('Inbox Page 01');
    await combo.press('ArrowDown');
    await combo.press('ArrowDown');
    await combo.press('ArrowUp');
    const highlighted = await combo.getAttribute('aria-activedescendant');
    expect(await admin.locator(`[id="${highlighted}"]`).textContent()).toBe('Inbox Page 02');
    await combo.press('Enter');
    await expect.poll(() => combo.inputValue()).toBe('Inbox Page 02');
    await expect.poll(() => textOf(rows.first())).toContain('Question 2');
    expect(await rows.count()).toBe(1);

    // Escape closes the list and puts back the chosen campaign; the clear button shows every conversation again.
    await combo.fill('page 3');
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    await combo.press('Escape');
    expect(await combo.getAttribute('aria-expanded')).toBe('false');
    expect(await combo.inputValue()).toBe('Inbox Page 02');
    await admin.getByRole('button', { name: 'Clear campaign', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(50);
    expect(await combo.inputValue()).toBe('');
    expect(new URL(admin.url()).searchParams.get('campaign')).toBeNull();

    // At 375 px: the open list fits the screen, nothing serious for axe.
    await admin.setViewportSize({ width: 375, height: 800 });
    await combo.click();
    await combo.pressSequentially('inbox page 1');
    await expect.poll(() => options.count()).toBe(10);
    for (const option of await options.all()) {
      const box = await option.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    await noSeriousAxe(admin, 'inbox campaign filter open');
    await shoot(admin, 'inbox-campaign-filter');
    await options.filter({ hasText: 'Inbox Page 12' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await textOf(rows.first())).toContain('Question 12');
    expect(await combo.inputValue()).toBe('Inbox Page 12');
  }, 120_000);
});
