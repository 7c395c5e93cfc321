import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { parseCsv } from '../../../tests/support/csv';
import { insertCampaign } from '../../../tests/support/factories';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { type AdminApplicant, SHIPPING_CSV_HEADER } from '../../shared/schemas/shipping';

const ORIGIN = 'http://localhost:3000';
const NEW_ADDRESS = {
  fullName: 'Ana Silva',
  addressLine1: '500 Congress Ave',
  addressLine2: 'Apt 4, "Blue" door',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  phone: '(512) 555-0199',
  reason: 'Moved last week',
};

describe.each(TEST_DRIVERS)('admin shipping API on %s', (driver) => {
  const mailer = captureMailer();
  let n = 0;
  const api = useAdminApp(driver, { mailer });

  const creator = (name: string) => {
    n += 1;
    return createReadyCreator(api.app, api.db, { email: `ship${n}@example.com`, name });
  };
  const call = async (path: string, body: unknown, cookie = api.admin) => {
    const response = await postJson(api.app, path, body, cookie);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const patch = async (path: string, body: unknown, cookie = api.admin) => {
    const response = await api.app.request(path, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const applicants = async (campaignId: number) =>
    (
      (await (
        await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/applications`, api.admin)
      ).json()) as {
        items: AdminApplicant[];
      }
    ).items;

  /** A gifting campaign with one accepted creator (Ana) and one still under review (Bo). */
  async function campaignWithApplicants() {
    const campaign = await insertCampaign(api.db, {
      status: 'active',
      type: 'gifting',
      deadline: '2099-12-31',
      followersRequired: 0,
    });
    const ana = await creator('Ana Silva');
    const bo = await creator('Bo Chen');
    const apply = async (cookie: string) =>
      (await call(`/api/campaigns/${campaign.id}/applications`, {}, cookie)).body.id as number;
    const anaApp = await apply(ana.cookie);
    const boApp = await apply(bo.cookie);
    expect((await call(`/api/admin/applications/${anaApp}/accept`, {})).status).toBe(200);
    return { campaign, ana, bo, anaApp, boApp };
  }

  it("shows every applicant's handles, linked, and the full address of accepted applicants only", async () => {
    const { campaign, anaApp, boApp } = await campaignWithApplicants();
    const items = await applicants(campaign.id);
    const ana = items.find((a) => a.id === anaApp)!;
    const bo = items.find((a) => a.id === boApp)!;
    expect(ana.shipping).toEqual({
      fullName: 'Ana Silva',
      addressLine1: '1 Main St',
      addressLine2: null,
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
      phone: '4155550134',
      overridden: false,
    });
    expect(ana.handles).toEqual([
      { platform: 'instagram', handle: 'ready', url: 'https://www.instagram.com/ready/', followers: 5000 },
    ]);
    expect(bo.shipping).toBeNull();
    // Bo waits for a decision: the admin vets his accounts before deciding.
    expect(bo.handles).toEqual([
      { platform: 'instagram', handle: 'ready', url: 'https://www.instagram.com/ready/', followers: 5000 },
    ]);
  });

  it('exports the accepted creators as CSV for a carrier, and the filled file imports back', async () => {
    const { campaign, ana, anaApp } = await campaignWithApplicants();
    const response = await getWithCookie(
      api.app,
      `/api/admin/campaigns/${campaign.id}/shipping.csv`,
      api.admin,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain(`shipping-campaign-${campaign.id}.csv`);
    const text = await response.text();
    const rows = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([...SHIPPING_CSV_HEADER]);
    // Only the accepted creator waiting for a box; Bo is still under review.
    expect(rows).toHaveLength(2);
    const row = Object.fromEntries(SHIPPING_CSV_HEADER.map((h, i) => [h, rows[1]![i]]));
    expect(row).toEqual({
      application_id: String(anaApp),
      carrier: '',
      tracking_number: '',
      full_name: 'Ana Silva',
      address_line1: '1 Main St',
      address_line2: '',
      city: 'Austin',
      state: 'TX',
      zip_code: '73301',
      country: 'US',
      phone: '4155550134',
      email: ana.email,
      instagram: 'ready',
      tiktok: '',
      youtube: '',
      facebook: '',
      box_count: '1',
      // A campaign without products: no SKU or variant.
      sku: '',
      variant: '',
    });

    // The carrier's tool fills carrier and tracking; the same file goes back to the shipments import.
    const filled = text.replace(`${anaApp},,,`, `${anaApp},UPS,1Z999AA10123456784,`);
    const imported = await api.app.request(`/api/admin/campaigns/${campaign.id}/shipments`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', cookie: api.admin, origin: ORIGIN },
      body: filled,
    });
    expect(await imported.json()).toEqual({ imported: 1, errors: [] });
    const after = (await applicants(campaign.id)).find((a) => a.id === anaApp)!;
    expect(after).toMatchObject({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    // Shipped: no longer waiting for a box.
    const again = await (
      await getWithCookie(api.app, `/api/admin/campaigns/${campaign.id}/shipping.csv`, api.admin)
    ).text();
    expect(parseCsv(again.replace(/^\uFEFF/, ''))).toHaveLength(1);
  });

  it('imports a file whose quoted address holds a line break, counting lines as the file has them', async () => {
    const { campaign, anaApp, boApp } = await campaignWithApplicants();
    const exported = parseCsv(
      (
        await (
          await getWithCookie(api.app, `/api/admin/campaigns/${campaign.id}/shipping.csv`, api.admin)
        ).text()
      ).replace(/^\uFEFF/, ''),
    );
    // A carrier's label tool saved the address on two lines inside its quotes (RFC 4180 allows it).
    const ana = exported[1]!.map((cell, i) =>
      i === 1 ? 'UPS' : i === 2 ? '1Z999AA10123456799' : i === 4 ? '1 Main St\nBuilding B, "Door 2"' : cell,
    );
    const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
    const csv = [
      exported[0]!.join(','),
      ana.map(quote).join(','),
      '',
      `${boApp},UPS,1Z999AA10123456700`,
    ].join('\r\n');
    const post = (body: string) =>
      api.app.request(`/api/admin/campaigns/${campaign.id}/shipments`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', cookie: api.admin, origin: ORIGIN },
        body,
      });
    const imported = await post(csv);
    expect(imported.status).toBe(200);
    // Ana's row spans lines 2-3; Bo's row is on line 5 (after a blank line 4) and refused: he is not accepted.
    expect(await imported.json()).toEqual({
      imported: 1,
      errors: [{ line: 5, error: expect.stringMatching(/accepted creator/) }],
    });
    expect((await applicants(campaign.id)).find((a) => a.id === anaApp)).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456799',
    });

    // A quote never closed: the whole file is refused with a reason, nothing is saved.
    const broken = await post(`application_id,carrier,tracking_number\n${boApp},"UPS,1Z999AA10123456701\n`);
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'The CSV could not be read: a quoted cell is never closed',
    });
    expect((await applicants(campaign.id)).find((a) => a.id === boApp)?.carrier).toBeNull();
  });

  it('lets the admin override one application address; the creator is told and the export follows', async () => {
    const { campaign, ana, anaApp, boApp } = await campaignWithApplicants();
    const bad = await patch(`/api/admin/applications/${anaApp}/shipping-address`, {
      ...NEW_ADDRESS,
      zipCode: '7870',
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('Please enter a valid ZIP code') },
    });

    const sent = mailer.sent.length;
    const saved = await patch(`/api/admin/applications/${anaApp}/shipping-address`, NEW_ADDRESS);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      addressLine1: '500 Congress Ave',
      zipCode: '78701',
      overridden: true,
    });
    expect(mailer.sent).toHaveLength(sent + 1);
    expect(mailer.sent.at(-1)).toMatchObject({ to: ana.email });
    expect(mailer.sent.at(-1)?.subject).toContain('New shipping address');
    expect(mailer.sent.at(-1)?.text).toContain('500 Congress Ave');
    expect(mailer.sent.at(-1)?.text).toContain('Moved last week');

    const rows = parseCsv(
      (
        await (
          await getWithCookie(api.app, `/api/admin/campaigns/${campaign.id}/shipping.csv`, api.admin)
        ).text()
      ).replace(/^\uFEFF/, ''),
    );
    expect(rows[1]?.slice(3, 11)).toEqual([
      'Ana Silva',
      '500 Congress Ave',
      'Apt 4, "Blue" door',
      'Austin',
      'TX',
      '78701',
      'US',
      '5125550199',
    ]);
    expect((await applicants(campaign.id)).find((a) => a.id === anaApp)?.shipping?.overridden).toBe(true);

    // Not accepted: nothing to ship.
    expect((await patch(`/api/admin/applications/${boApp}/shipping-address`, NEW_ADDRESS)).status).toBe(409);
    expect((await patch('/api/admin/applications/999999/shipping-address', NEW_ADDRESS)).status).toBe(404);
  });

  it('is for admins only, and a campaign without a box has nothing to export', async () => {
    const { campaign, ana, anaApp } = await campaignWithApplicants();
    expect(
      (await getWithCookie(api.app, `/api/admin/campaigns/${campaign.id}/shipping.csv`, ana.cookie)).status,
    ).toBe(403);
    expect(
      (await patch(`/api/admin/applications/${anaApp}/shipping-address`, NEW_ADDRESS, ana.cookie)).status,
    ).toBe(403);
    const paid = await insertCampaign(api.db, { status: 'active', type: 'paid' });
    const response = await getWithCookie(api.app, `/api/admin/campaigns/${paid.id}/shipping.csv`, api.admin);
    expect(response.status).toBe(409);
    expect((await getWithCookie(api.app, '/api/admin/campaigns/999999/shipping.csv', api.admin)).status).toBe(
      404,
    );
  });
});
