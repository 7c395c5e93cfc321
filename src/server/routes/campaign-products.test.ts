import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { createBoxCampaign, SERUM_CAMPAIGN } from '../../../tests/support/box-campaign';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator, READY_PROFILE } from '../../../tests/support/creators';
import { insertCreator } from '../../../tests/support/factories';
import { testServices } from '../../../tests/support/services';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { creators } from '../../db/schema/creators';
import type { ProductView } from '../../shared/schemas/products';
import { profileSchema } from '../../shared/schemas/profile';
import { applyToCampaign } from '../services/applications/creator-steps';
import { completeProfile } from '../services/profiles';

const CAMPAIGN = { ...SERUM_CAMPAIGN, name: 'Serum Shades' };
const SHADES = [
  { name: 'Shade 01', sku: 'SER-01', retailValue: '32.00', stock: 5 },
  { name: 'Shade 02', sku: 'SER-02', retailValue: '32.00', stock: 3 },
  { name: 'Shade 03', sku: 'SER-03', retailValue: '34.50', stock: 0 },
];

describe.each(TEST_DRIVERS)('campaign products and stock on %s', (driver) => {
  const mailer = captureMailer();
  const clock = fakeClock('2026-06-10T12:00:00Z');
  let n = 0;
  const api = useAdminApp(driver, { mailer, now: () => clock.now });

  const { send } = api;
  const creator = () => {
    n += 1;
    return createReadyCreator(api.app, api.db, { email: `shade${n}@example.com` });
  };
  const newCampaign = () => createBoxCampaign(send, { campaign: CAMPAIGN, variants: SHADES });
  const products = async (campaignId: number) =>
    (
      (await (await getWithCookie(api.app, `/api/campaigns/${campaignId}/products`)).json()) as {
        items: ProductView[];
      }
    ).items;
  const shade = (list: ProductView[], name: string) => list[0]!.variants.find((v) => v.name === name)!;
  const choiceOf = (list: ProductView[], name: string) => ({
    choices: [{ productId: list[0]!.id, variantId: shade(list, name).id }],
  });
  /** The creator applies choosing the option `name` of the campaign's one product: the answer, as it is. */
  const applyFor = (campaignId: number, list: ProductView[], name: string, cookie: string) =>
    send('POST', `/api/campaigns/${campaignId}/applications`, choiceOf(list, name), cookie);
  /** The creator changes the application's choice to the option `name`: the answer, as it is. */
  const changeChoice = (applicationId: number, list: ProductView[], name: string, cookie: string) =>
    send('PUT', `/api/applications/${applicationId}/choices`, choiceOf(list, name), cookie);

  it('asks for one option of each product, refuses a sold-out one, and lets the choice change until the box ships', async () => {
    const { campaignId, products: list } = await newCampaign();
    expect(list[0]).toMatchObject({ name: 'Serum', stock: 8, left: 8 });
    expect(shade(list, 'Shade 03')).toMatchObject({ left: 0, soldOut: true });
    const ana = await creator();

    const none = await send('POST', `/api/campaigns/${campaignId}/applications`, {}, ana.cookie);
    expect(none).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', error: 'Choose an option of Serum.' },
    });
    const soldOut = await applyFor(campaignId, list, 'Shade 03', ana.cookie);
    expect(soldOut).toMatchObject({
      status: 409,
      body: { code: 'SOLD_OUT', error: 'Serum · Shade 03 is sold out. Choose another option.' },
    });
    const applied = await applyFor(campaignId, list, 'Shade 02', ana.cookie);
    expect(applied.status).toBe(201);
    const applicationId = applied.body.id as number;
    // The review page and the creator's dashboard show the choice.
    const review = (await (
      await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/applications`, api.admin)
    ).json()) as {
      items: Array<{ id: number; choices: unknown[] }>;
    };
    expect(review.items.find((a) => a.id === applicationId)!.choices).toEqual([
      {
        productId: list[0]!.id,
        product: 'Serum',
        variantId: shade(list, 'Shade 02').id,
        variant: 'Shade 02',
        sku: 'SER-02',
      },
    ]);
    const mine = (await (await getWithCookie(api.app, '/api/me/applications', ana.cookie)).json()) as {
      items: Array<{ id: number; choices: Array<{ variant: string }>; canChangeChoice: boolean }>;
    };
    expect(mine.items[0]).toMatchObject({
      id: applicationId,
      choices: [{ variant: 'Shade 02' }],
      canChangeChoice: true,
    });
    // Applying holds nothing; acceptance takes the box.
    expect(shade(await products(campaignId), 'Shade 02').left).toBe(3);
    expect(
      (await postJson(api.app, `/api/admin/applications/${applicationId}/accept`, {}, api.admin)).status,
    ).toBe(200);
    expect(shade(await products(campaignId), 'Shade 02')).toMatchObject({ left: 2, reserved: 1 });

    // Changing to Shade 01 gives the Shade 02 box back and holds a Shade 01 box.
    const changed = await changeChoice(applicationId, list, 'Shade 01', ana.cookie);
    expect(changed).toMatchObject({ status: 200, body: { id: applicationId, status: 'accepted' } });
    const after = await products(campaignId);
    expect(shade(after, 'Shade 02').left).toBe(3);
    expect(shade(after, 'Shade 01').left).toBe(4);
    // Changing to a sold-out shade changes nothing.
    const refused = await changeChoice(applicationId, list, 'Shade 03', ana.cookie);
    expect(refused).toMatchObject({ status: 409, body: { code: 'SOLD_OUT' } });
    expect(shade(await products(campaignId), 'Shade 01').left).toBe(4);

    // Stock cannot go below the boxes held.
    const tooLow = await send(
      'PATCH',
      `/api/admin/variants/${shade(list, 'Shade 01').id}`,
      { stock: 0 },
      api.admin,
    );
    expect(tooLow).toMatchObject({
      status: 409,
      body: { error: 'Serum · Shade 01 has 1 boxes held by accepted creators: its stock cannot go below 1.' },
    });
    // A chosen variant is kept: deleting it is refused.
    expect(
      (await send('DELETE', `/api/admin/variants/${shade(list, 'Shade 01').id}`, undefined, api.admin))
        .status,
    ).toBe(409);

    // Once shipped, the choice is final.
    expect(
      (
        await postJson(
          api.app,
          `/api/admin/applications/${applicationId}/shipment`,
          { carrier: 'UPS', trackingNumber: '1Z999' },
          api.admin,
        )
      ).status,
    ).toBe(200);
    const late = await changeChoice(applicationId, list, 'Shade 02', ana.cookie);
    expect(late).toMatchObject({
      status: 409,
      body: { error: 'Your PR box has shipped: its contents can no longer be changed.' },
    });
    // Someone else's application is not found.
    const ben = await creator();
    expect(
      (await send('PUT', `/api/applications/${applicationId}/choices`, { choices: [] }, ben.cookie)).status,
    ).toBe(404);
  });

  it('never oversells: 50 concurrent accepts on a shade with 3 boxes left, exactly 3 succeed', async () => {
    const { campaignId, products: list } = await newCampaign();
    const services = testServices({ db: api.db, mailer, now: () => clock.now });
    const { choices } = choiceOf(list, 'Shade 02');
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      // The creator's own steps: a completed profile, then the apply service the route calls.
      const row = await insertCreator(api.db, { profileCompleted: false });
      await completeProfile(
        testServices({ db: api.db, now: () => clock.now }),
        row,
        profileSchema.parse({ ...READY_PROFILE, email: row.email, instagramHandle: '@shade' }),
      );
      const [creatorRow] = await api.db.select().from(creators).where(eq(creators.id, row.id));
      ids.push((await applyToCampaign(services, { creator: creatorRow!, campaignId, choices })).id);
    }
    const answers = await Promise.all(
      ids.map((id) => postJson(api.app, `/api/admin/applications/${id}/accept`, {}, api.admin)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(47);
    const refused = (await answers.find((r) => r.status === 409)!.json()) as Record<string, unknown>;
    expect(refused).toMatchObject({
      code: 'SOLD_OUT',
      error:
        'Serum · Shade 02 is sold out: no box is left for this creator. Ask the creator to choose another option.',
    });
    expect(shade(await products(campaignId), 'Shade 02')).toMatchObject({
      left: 0,
      reserved: 3,
      soldOut: true,
    });

    // A creator who closes their account before the box ships gives it back.
    const cat = await creator();
    const freed = await applyFor(campaignId, list, 'Shade 01', cat.cookie);
    expect(
      (await postJson(api.app, `/api/admin/applications/${freed.body.id}/accept`, {}, api.admin)).status,
    ).toBe(200);
    expect(shade(await products(campaignId), 'Shade 01').left).toBe(4);
    expect(
      (await postJson(api.app, '/api/me/account-closure', { password: 'correct horse battery' }, cat.cookie))
        .status,
    ).toBe(200);
    expect(shade(await products(campaignId), 'Shade 01')).toMatchObject({ left: 5, reserved: 0 });
  }, 120_000); // 50 creators made one by one first: the default 30 s is too short on a busy CI machine.

  it('keeps campaigns without products working, and refuses products on a campaign without a box', async () => {
    const r = await send('POST', '/api/admin/campaigns', CAMPAIGN, api.admin);
    const campaignId = r.body.id as number;
    const ana = await creator();
    const applied = await send(
      'POST',
      `/api/campaigns/${campaignId}/applications`,
      { pitch: 'Hi' },
      ana.cookie,
    );
    expect(applied.status).toBe(201);
    expect(
      (await postJson(api.app, `/api/admin/applications/${applied.body.id}/accept`, {}, api.admin)).status,
    ).toBe(200);
    const paid = await send(
      'POST',
      '/api/admin/campaigns',
      { ...CAMPAIGN, type: 'paid', reward: 10 },
      api.admin,
    );
    const refused = await send(
      'POST',
      `/api/admin/campaigns/${paid.body.id}/products`,
      { name: 'Serum', variants: SHADES },
      api.admin,
    );
    expect(refused).toMatchObject({
      status: 409,
      body: { error: 'This campaign sends no PR box, so it offers no products.' },
    });
    const bad = await send(
      'POST',
      `/api/admin/campaigns/${campaignId}/products`,
      { name: 'Serum', variants: [{ name: 'A', sku: 'A', retailValue: 'ten', stock: 1 }] },
      api.admin,
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'variants.0.retailValue: retailValue must be an amount in dollars, like 24.50' },
    });
    expect((await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/products`)).status).toBe(401);
    expect(
      (await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/products`, ana.cookie)).status,
    ).toBe(403);
  });
});
