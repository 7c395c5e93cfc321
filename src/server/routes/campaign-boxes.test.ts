import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie } from '../../../tests/support/auth-client';
import { createBoxCampaign, SERUM_CAMPAIGN, SERUM_SHADES } from '../../../tests/support/box-campaign';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator } from '../../../tests/support/creators';
import { csvLines } from '../../../tests/support/csv';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import type { PackingSummary, ProductView } from '../../shared/schemas/products';

/* Issue 37: boxes given back before shipping, asking for another option, the packing summary and the box costs. */

const CAMPAIGN = SERUM_CAMPAIGN;
const SHADES = SERUM_SHADES;

describe.each(TEST_DRIVERS)('boxes of a campaign with products on %s', (driver) => {
  const mailer = captureMailer();
  const clock = fakeClock('2026-06-10T12:00:00Z');
  let n = 0;
  const api = useAdminApp(driver, { mailer, now: () => clock.now, adminEmail: 'boxes@mintbox.test' });

  const { send } = api;
  const read = async <T>(path: string, cookie: string) =>
    (await (await getWithCookie(api.app, path, cookie)).json()) as T;
  const products = async (campaignId: number) =>
    (await read<{ items: ProductView[] }>(`/api/campaigns/${campaignId}/products`, '')).items;
  const left = async (campaignId: number, name: string) =>
    (await products(campaignId))[0]!.variants.find((v) => v.name === name)!.left;
  /**
   * A campaign offering the serum in two shades; `apply(shade)`: a new creator who applied for `shade` (201);
   * `choose(applicant, shade)`: the applicant changes their choice to `shade` (200).
   */
  const campaignWithProducts = async () => {
    const { campaignId, products: list } = await createBoxCampaign(send, {
      campaign: CAMPAIGN,
      variants: SHADES,
    });
    const productId = list[0]!.id;
    const idOf = (name: string) => list[0]!.variants.find((v) => v.name === name)!.id;
    const choicesOf = (shade: string) => ({ choices: [{ productId, variantId: idOf(shade) }] });
    const apply = async (shade: string) => {
      n += 1;
      const creator = await createReadyCreator(api.app, api.db, { email: `box${n}@example.com` });
      const applied = await send(
        'POST',
        `/api/campaigns/${campaignId}/applications`,
        choicesOf(shade),
        creator.cookie,
      );
      expect(applied.status).toBe(201);
      return { ...creator, applicationId: applied.body.id as number };
    };
    const choose = async (applicant: { applicationId: number; cookie: string }, shade: string) => {
      const path = `/api/applications/${applicant.applicationId}/choices`;
      expect((await send('PUT', path, choicesOf(shade), applicant.cookie)).status).toBe(200);
    };
    return { campaignId, idOf, apply, choose };
  };
  const accept = (id: number) => send('POST', `/api/admin/applications/${id}/accept`, {}, api.admin);
  /** The lines of the campaign's shipping CSV, as the admin downloads it. */
  const shippingCsv = async (campaignId: number) =>
    csvLines(
      await (
        await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/shipping.csv`, api.admin)
      ).text(),
    );

  it('gives the box back when an accepted creator withdraws or the team declines before shipping, never after', async () => {
    const { campaignId, apply } = await campaignWithProducts();
    const ana = await apply('Shade 01');
    expect((await accept(ana.applicationId)).status).toBe(200);
    expect(await left(campaignId, 'Shade 01')).toBe(4);
    // The card and the campaign page say the products and the boxes left over every variant.
    const box = async () => {
      const one = await read<{ box: unknown }>(`/api/campaigns/${campaignId}`, '');
      const listed = await read<{ items: Array<{ id: number; box: unknown }> }>(
        '/api/campaigns?q=serum%20boxes',
        '',
      );
      expect(listed.items.find((c) => c.id === campaignId)?.box).toEqual(one.box);
      return one.box;
    };
    expect(await box()).toEqual({ products: 'Serum', stock: 6, left: 5 });
    // The creator's dashboard offers Withdraw on the accepted application; taking it gives the box back.
    const mine = await read<{ items: Array<{ id: number; canWithdraw: boolean }> }>(
      '/api/me/applications',
      ana.cookie,
    );
    expect(mine.items.find((a) => a.id === ana.applicationId)?.canWithdraw).toBe(true);
    expect(
      await send('POST', `/api/applications/${ana.applicationId}/withdraw`, {}, ana.cookie),
    ).toMatchObject({
      status: 200,
      body: { status: 'withdrawn' },
    });
    expect(await left(campaignId, 'Shade 01')).toBe(5);
    expect(await box()).toEqual({ products: 'Serum', stock: 6, left: 6 });

    // The team declines after accepting: the same Reject, and the box comes back.
    const ben = await apply('Shade 02');
    expect((await accept(ben.applicationId)).status).toBe(200);
    expect(await left(campaignId, 'Shade 02')).toBe(0);
    expect(
      await send(
        'POST',
        `/api/admin/applications/${ben.applicationId}/reject`,
        { message: 'Out of budget' },
        api.admin,
      ),
    ).toMatchObject({ status: 200, body: { status: 'rejected' } });
    expect(await left(campaignId, 'Shade 02')).toBe(1);

    // Once the box has shipped it is gone: withdrawing is refused and the box stays counted.
    const cy = await apply('Shade 02');
    expect((await accept(cy.applicationId)).status).toBe(200);
    const shipped = await send(
      'POST',
      `/api/admin/applications/${cy.applicationId}/shipment`,
      { carrier: 'UPS', trackingNumber: '1ZBOX' },
      api.admin,
    );
    expect(shipped.status).toBe(200);
    expect(await send('POST', `/api/applications/${cy.applicationId}/withdraw`, {}, cy.cookie)).toMatchObject(
      {
        status: 409,
        body: {
          code: 'INVALID_TRANSITION',
          error: 'Only an application whose PR box has not shipped yet can be withdrawn.',
        },
      },
    );
    expect(
      (await send('POST', `/api/admin/applications/${cy.applicationId}/reject`, {}, api.admin)).status,
    ).toBe(409);
    expect(await left(campaignId, 'Shade 02')).toBe(0);
  });

  it('asks a creator whose option sold out for another, by notification and mail, and accepts the new choice', async () => {
    const { campaignId, apply, choose } = await campaignWithProducts();
    const first = await apply('Shade 02');
    const dee = await apply('Shade 02');
    expect((await accept(first.applicationId)).status).toBe(200);
    expect(await accept(dee.applicationId)).toMatchObject({ status: 409, body: { code: 'SOLD_OUT' } });

    const asked = await send(
      'POST',
      `/api/admin/applications/${dee.applicationId}/choice-request`,
      {},
      api.admin,
    );
    expect(asked).toMatchObject({
      status: 200,
      body: { id: dee.applicationId, soldOut: 'Serum · Shade 02', mailed: true },
    });
    const link = `/dashboard?tab=campaigns&choose=${dee.applicationId}`;
    const bell = await read<{ items: Array<{ kind: string; title: string; link: string }> }>(
      '/api/notifications',
      dee.cookie,
    );
    expect(bell.items[0]).toMatchObject({
      kind: 'choice_requested',
      title: 'Choose another option: Serum Boxes',
      link,
    });
    const mail = mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: dee.email, subject: 'Choose another option for Serum Boxes' });
    expect(mail.text).toContain(`http://localhost:3000${link}`);
    expect(mail.text).toContain('Serum · Shade 02 ran out');

    // The creator follows the link and changes their choice; the team accepts.
    await choose(dee, 'Shade 01');
    expect((await accept(dee.applicationId)).status).toBe(200);

    // Nothing to ask once the box has shipped, nor of a campaign without products.
    await send(
      'POST',
      `/api/admin/applications/${first.applicationId}/shipment`,
      { carrier: 'UPS', trackingNumber: '1ZA' },
      api.admin,
    );
    expect(
      await send('POST', `/api/admin/applications/${first.applicationId}/choice-request`, {}, api.admin),
    ).toMatchObject({ status: 409, body: { error: 'This application can no longer change its choice.' } });
    expect((await send('POST', '/api/admin/applications/999999/choice-request', {}, api.admin)).status).toBe(
      404,
    );
    expect(campaignId).toBeGreaterThan(0);
  });

  it('sums the boxes to pack per SKU, and counts the retail value of the shipped variants in the costs', async () => {
    const { campaignId, idOf, apply, choose } = await campaignWithProducts();
    const a = await apply('Shade 01');
    const b = await apply('Shade 01');
    const c = await apply('Shade 02');
    await apply('Shade 01'); // applied, not accepted: nothing to pack
    for (const x of [a, b, c]) expect((await accept(x.applicationId)).status).toBe(200);

    const packing = () => read<PackingSummary>(`/api/admin/campaigns/${campaignId}/packing`, api.admin);
    expect(await packing()).toMatchObject({
      toPack: 3,
      shipped: 0,
      items: [
        { sku: 'SER-01', label: 'Serum · Shade 01 × 2', toPack: 2, shipped: 0 },
        { sku: 'SER-02', label: 'Serum · Shade 02 × 1', toPack: 1, shipped: 0 },
      ],
    });
    for (const [x, tracking] of [
      [a, '1ZP1'],
      [c, '1ZP2'],
    ] as const) {
      const r = await send(
        'POST',
        `/api/admin/applications/${x.applicationId}/shipment`,
        { carrier: 'UPS', trackingNumber: tracking },
        api.admin,
      );
      expect(r.status).toBe(200);
    }
    expect(await packing()).toMatchObject({
      toPack: 1,
      shipped: 2,
      items: [
        { label: 'Serum · Shade 01 × 1', toPack: 1, shipped: 1 },
        { label: 'Serum · Shade 02 × 0', toPack: 0, shipped: 1 },
      ],
    });

    // Cost figures: the two shipped boxes at their variants' retail value, $32.00 + $34.50.
    const analytics = await read<{ costSpent: number; costBasis: string }>(
      `/api/admin/campaigns/${campaignId}/analytics`,
      api.admin,
    );
    expect(analytics).toMatchObject({
      costSpent: 66.5,
      costBasis:
        'Mint credited for approved posts + retail value of the products in 2 boxes shipped ($66.50; 1 Mint = 1 USD)',
    });

    // The shipping CSV names the box's SKU and variant; a line whose SKU is no longer the creator's choice (they
    // changed it after the export) is refused with both named, the others are saved.
    const csv = await shippingCsv(campaignId);
    expect(csv[0]).toMatch(/,box_count,sku,variant$/);
    expect(csv.find((l) => l.startsWith(`${b.applicationId},`))).toMatch(/,1,SER-01,Serum · Shade 01$/);
    const d = await apply('Shade 01');
    expect((await accept(d.applicationId)).status).toBe(200);
    const exported = await shippingCsv(campaignId);
    expect(
      (await send('PATCH', `/api/admin/variants/${idOf('Shade 02')}`, { stock: 3 }, api.admin)).status,
    ).toBe(200);
    await choose(d, 'Shade 02');
    const filled = exported
      .map((l, i) => (i === 0 ? l : l.replace(/^(\d+),,,/, (_, id: string) => `${id},UPS,1ZCSV${id},`)))
      .join('\r\n');
    const imported = await api.app.request(`/api/admin/campaigns/${campaignId}/shipments`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', cookie: api.admin, origin: 'http://localhost:3000' },
      body: filled,
    });
    const dLine = exported.findIndex((l) => l.startsWith(`${d.applicationId},`)) + 1;
    expect(await imported.json()).toEqual({
      imported: 1,
      errors: [
        {
          line: dLine,
          error:
            "sku SER-01 is no longer the creator's choice (now SER-02): pack SER-02, then import the line with it",
        },
      ],
    });

    expect((await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/packing`)).status).toBe(401);
    expect((await getWithCookie(api.app, '/api/admin/campaigns/999999/packing', api.admin)).status).toBe(404);
  });
});
