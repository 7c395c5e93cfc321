import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, nextClientIp, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { parseCsv } from '../../../tests/support/csv';
import { balanceAndSum, giveMint } from '../../../tests/support/mint';
import { w9Form } from '../../../tests/support/tax-forms';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { auditLog } from '../../db/schema/audit';
import { payouts } from '../../db/schema/payouts';
import { taxForms } from '../../db/schema/tax';
import type { AdminPayout, Payout, TransactionRow } from '../../shared/schemas/payout';
import type { MyTaxForm, TaxYearReport } from '../../shared/schemas/tax';
import { TAX_HOLD_ADMIN_LABEL } from '../../shared/tax';
import { open } from '../auth/secret-box';
import { createLogger } from '../process/logger';
import { TIN_PURPOSE } from '../services/tax/view';

/** A real pino logger at debug level whose JSON lines land in `lines`: no TIN may ever be among them. */
function memoryLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ level: 'debug', pretty: false, destination: stream }), lines };
}
const SSN = '123-45-6789';

const w9 = (overrides: Record<string, unknown> = {}) => w9Form({ tin: SSN, ...overrides });

describe.each(TEST_DRIVERS)('tax forms and the $600 hold on %s', (driver) => {
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  let n = 0;
  let keys = 0;
  const mailer = captureMailer();
  const log = memoryLogger();
  const api = useAdminApp(driver, { mailer, paypal: null, now: () => clock.now, logger: log.logger });

  const creator = async () => {
    n += 1;
    return createReadyCreator(api.app, api.db, {
      email: `tax${n}-${driver}@example.com`,
      name: `Tax Creator ${n}`,
    });
  };
  const putForm = async (cookie: string, body: unknown) => {
    const response = await api.app.request('/api/me/tax-form', {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'x-forwarded-for': nextClientIp(),
        cookie,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      body: JSON.parse(text) as MyTaxForm & { error?: string; field?: string },
    };
  };
  const redeem = async (cookie: string, amount: number) => {
    keys += 1;
    const response = await postJson(api.app, '/api/me/payouts', { amount }, cookie, {
      'idempotency-key': `tax-test-${keys}`,
    });
    return { status: response.status, body: (await response.json()) as Payout & { error?: string } };
  };
  const get = async <T>(path: string, cookie = api.admin) => {
    const response = await getWithCookie(api.app, path, cookie);
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) as T & { error?: string } };
  };
  const process = (ids: number[]) =>
    postJson(api.app, '/api/admin/payouts/process', { ids, mode: 'manual' }, api.admin);
  const payLater = async (id: number) => {
    expect((await process([id])).status).toBe(200);
    const paid = await postJson(
      api.app,
      `/api/admin/payouts/${id}/mark-paid`,
      { reference: `REF-${id}` },
      api.admin,
    );
    expect(paid.status).toBe(200);
  };
  const exportCsv = (year: number, password: string, cookie = api.admin) =>
    postJson(api.app, `/api/admin/tax-year/${year}/export`, { password }, cookie);

  it('files a W-9: the TIN is checked by format, sealed at rest, and answered masked only', async () => {
    const ana = await creator();
    const empty = await get<MyTaxForm>('/api/me/tax-form', ana.cookie);
    expect(empty.body).toMatchObject({
      form: null,
      replacedForms: 0,
      year: 2026,
      paidThisYear: 0,
      threshold: 600,
    });

    const same = await putForm(ana.cookie, w9({ tin: '111-11-1111' }));
    expect(same).toMatchObject({
      status: 400,
      body: { error: 'This is not an SSN: all its digits are the same.', field: 'tin' },
    });
    const ein = await putForm(ana.cookie, w9({ tinType: 'ein', tin: '00-1234567' }));
    expect(ein.body.error).toBe('This is not an EIN: no EIN starts with 00.');
    const uncertified = await putForm(ana.cookie, w9({ certify: false }));
    expect(uncertified.body.error).toBe('Certify that the information is true, correct and complete.');

    const filed = await putForm(ana.cookie, w9());
    expect(filed.status).toBe(200);
    expect(filed.body.form).toMatchObject({
      type: 'w9',
      status: 'active',
      tinType: 'ssn',
      tinMasked: '***-**-6789',
    });
    expect(filed.text).not.toContain('123456789');
    expect(filed.text).not.toContain(SSN);
    const read = await get<MyTaxForm>('/api/me/tax-form', ana.cookie);
    expect(read.body.form?.tinMasked).toBe('***-**-6789');
    expect(read.text).not.toMatch(/12345|45-6789/);

    // The raw row: no clear TIN anywhere, only the sealed value (which opens with the server's secret) and the last 4.
    const [row] = await api.db.select().from(taxForms).where(eq(taxForms.creatorId, ana.creatorId));
    expect(JSON.stringify(row)).not.toContain('123456789');
    expect(JSON.stringify(row)).not.toContain('12345');
    expect(row!.tinLast4).toBe('6789');
    expect(open(api.env.authSecret, TIN_PURPOSE, row!.tinSealed!)).toBe('123456789');
  });

  it('replaces a form: the old one is kept, marked replaced; a W-8BEN takes a foreign TIN or a date of birth', async () => {
    const bo = await creator();
    expect((await putForm(bo.cookie, w9())).status).toBe(200);
    const noTin = await putForm(bo.cookie, {
      type: 'w8ben',
      legalName: 'Bo Abroad',
      country: 'Canada',
      addressLine1: '2 Queen St',
      city: 'Toronto',
      certify: true,
    });
    expect(noTin.body).toMatchObject({
      error: 'Enter your foreign tax identifying number or your date of birth.',
      field: 'foreignTin',
    });
    const us = await putForm(bo.cookie, {
      type: 'w8ben',
      legalName: 'Bo',
      country: 'United States',
      addressLine1: 'x',
      city: 'y',
      dateOfBirth: '1990-01-02',
      certify: true,
    });
    expect(us.body.error).toBe('US persons file a W-9, not a W-8BEN.');
    const replaced = await putForm(bo.cookie, {
      type: 'w8ben',
      legalName: 'Bo Abroad',
      country: 'Canada',
      addressLine1: '2 Queen St',
      city: 'Toronto',
      foreignTin: '046 454 286',
      dateOfBirth: '1990-01-02',
      treatyCountry: 'Canada',
      certify: true,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      replacedForms: 1,
      form: {
        type: 'w8ben',
        tinType: 'foreign',
        tinMasked: '****4286',
        hasDateOfBirth: true,
        treatyCountry: 'Canada',
      },
    });
    expect(replaced.text).not.toContain('1990-01-02');
    expect(replaced.text).not.toContain('046454286');
    const rows = await api.db.select().from(taxForms).where(eq(taxForms.creatorId, bo.creatorId));
    expect(rows.map((r) => [r.type, r.status, r.replacedAt !== null]).sort()).toEqual([
      ['w8ben', 'active', false],
      ['w9', 'replaced', true],
    ]);
    expect(JSON.stringify(rows)).not.toContain('1990-01-02');
  });

  it('holds the payout that takes the year to $600 until a form is on file; the ledger does not move', async () => {
    const cy = await creator();
    await giveMint(api.db, cy.creatorId, 1000);
    const under = await redeem(cy.cookie, 599);
    expect(under.body).toMatchObject({ amount: 599, status: 'pending', heldForTaxForm: false });
    const over = await redeem(cy.cookie, 50);
    expect(over).toMatchObject({
      status: 201,
      body: { amount: 50, status: 'pending', heldForTaxForm: true },
    });
    // The mail says why, and where to file the form, instead of a paid-by date.
    const mail = mailer.sent.at(-1)!;
    expect(mail.subject).toBe('Redemption requested: 50 Mint to PayPal');
    expect(mail.text).toContain('This payout is waiting for a tax form');
    expect(mail.text).toContain('/profile#tax-form');
    expect(mail.text).not.toContain('expect the money by');
    expect(await balanceAndSum(api.db, cy.creatorId)).toEqual({ balance: 351, sum: 351 });

    // The creator sees why; the admin sees it on the payout and the list, and cannot process it.
    const mine = await get<MyTaxForm>('/api/me/tax-form', cy.cookie);
    expect(mine.body).toMatchObject({ paidThisYear: 649, heldPayouts: 1, form: null });
    const list = await get<{ items: Payout[] }>('/api/me/payouts', cy.cookie);
    expect(list.body.items.find((p) => p.id === over.body.id)?.heldForTaxForm).toBe(true);
    const refused = await process([under.body.id, over.body.id]);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/is waiting for a tax form/);
    const detail = await get<AdminPayout>(`/api/admin/payouts/${over.body.id}`);
    expect(detail.body.heldForTaxForm).toBe(true);
    expect(detail.body.events.map((e) => e.action)).toEqual(['requested', 'waiting_for_tax_form']);
    const transactions = await get<{ items: TransactionRow[] }>(
      `/api/admin/transactions?q=%23${over.body.id}`,
    );
    expect(transactions.body.items.find((t) => t.payout?.id === over.body.id)?.payout?.heldForTaxForm).toBe(
      true,
    );
    expect(TAX_HOLD_ADMIN_LABEL).toBe('Waiting for a tax form');

    // The form arrives: the hold is released, the payout can be processed; no Mint made or lost.
    const filed = await putForm(cy.cookie, w9({ legalName: 'Cy Tax' }));
    expect(filed.body.heldPayouts).toBe(0);
    expect((await process([under.body.id, over.body.id])).status).toBe(200);
    expect(await balanceAndSum(api.db, cy.creatorId)).toEqual({ balance: 351, sum: 351 });
    const released = await get<AdminPayout>(`/api/admin/payouts/${over.body.id}`);
    expect(released.body).toMatchObject({ status: 'processing', heldForTaxForm: false });
    expect(released.body.events.map((e) => e.action)).toContain('tax_form_received');
    // With a form on file, the next payout is not held.
    expect((await redeem(cy.cookie, 100)).body.heldForTaxForm).toBe(false);
  });

  it('concurrent redemptions around the threshold cannot slip past it', async () => {
    const di = await creator();
    await giveMint(api.db, di.creatorId, 2000);
    const results = await Promise.all([200, 200, 200, 200].map((amount) => redeem(di.cookie, amount)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    // 200 + 200 stay under $600; whichever came third and fourth reach it and are held.
    expect(results.filter((r) => r.body.heldForTaxForm).length).toBe(2);
    const rows = await api.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.creatorId, di.creatorId), eq(payouts.heldForTaxForm, true)));
    expect(rows).toHaveLength(2);
    expect(await balanceAndSum(api.db, di.creatorId)).toEqual({ balance: 1200, sum: 1200 });
    const pair = await creator();
    await giveMint(api.db, pair.creatorId, 1000);
    const both = await Promise.all([redeem(pair.cookie, 300), redeem(pair.cookie, 300)]);
    expect(both.map((r) => r.body.heldForTaxForm).sort()).toEqual([false, true]);
  });

  it('the admin tax year shows masked TINs; the year-end CSV needs the password, is audited, lists W-9s at $600+', async () => {
    const year = 2025;
    clock.now = new Date('2025-11-03T12:00:00Z');
    try {
      const paidW9 = await creator();
      await putForm(
        paidW9.cookie,
        w9({ legalName: 'Eve Filing', tin: '234-56-7891', addressLine1: '5 "Oak", Apt 2' }),
      );
      await giveMint(api.db, paidW9.creatorId, 700);
      await payLater((await redeem(paidW9.cookie, 650)).body.id);
      const small = await creator();
      await putForm(small.cookie, w9({ legalName: 'Small Earner', tin: '345-67-8912' }));
      await giveMint(api.db, small.creatorId, 700);
      await payLater((await redeem(small.cookie, 599)).body.id);
      const foreign = await creator();
      await putForm(foreign.cookie, {
        type: 'w8ben',
        legalName: 'Fay Abroad',
        country: 'France',
        addressLine1: '1 rue',
        city: 'Paris',
        foreignTin: '1234567890123',
        certify: true,
      });
      await giveMint(api.db, foreign.creatorId, 700);
      await payLater((await redeem(foreign.cookie, 620)).body.id);
      const noForm = await creator();
      await giveMint(api.db, noForm.creatorId, 700);
      const held = await redeem(noForm.cookie, 600);
      expect(held.body.heldForTaxForm).toBe(true);

      const report = await get<TaxYearReport>(`/api/admin/tax-year?year=${year}`);
      expect(report.status).toBe(200);
      const byId = new Map(report.body.items.map((i) => [i.creator.id, i]));
      expect(byId.get(paidW9.creatorId)).toMatchObject({
        paid: '650.00',
        atThreshold: true,
        formType: 'w9',
        formStatus: 'on_file',
        tinMasked: '***-**-7891',
        inYearEndFile: true,
      });
      expect(byId.get(small.creatorId)).toMatchObject({
        paid: '599.00',
        atThreshold: false,
        inYearEndFile: false,
      });
      expect(byId.get(foreign.creatorId)).toMatchObject({
        paid: '620.00',
        formType: 'w8ben',
        tinMasked: '****0123',
        inYearEndFile: false,
      });
      expect(byId.get(noForm.creatorId)).toMatchObject({
        paid: '0.00',
        formStatus: 'missing',
        formType: null,
        heldPayouts: 1,
      });
      expect(report.text).not.toMatch(/234567891|234-56-7891|1234567890123/);
      // The current year (default) does not include 2025's payouts.
      clock.now = new Date('2026-06-10T12:00:00Z');
      const thisYear = await get<TaxYearReport>('/api/admin/tax-year');
      expect(thisYear.body.year).toBe(2026);
      expect(thisYear.body.items.find((i) => i.creator.id === paidW9.creatorId)).toBeUndefined();
      expect((await get('/api/admin/tax-year?year=1999')).status).toBe(400);

      const before = await api.db.select().from(auditLog).where(eq(auditLog.action, 'tax.year_end_export'));
      const wrong = await exportCsv(year, 'not my password');
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toMatchObject({ error: 'The password is not correct.' });
      expect((await exportCsv(year, '', api.admin)).status).toBe(400);
      expect((await exportCsv(year, ADMIN_PASSWORD, paidW9.cookie)).status).toBe(403);
      expect(
        await api.db.select().from(auditLog).where(eq(auditLog.action, 'tax.year_end_export')),
      ).toHaveLength(before.length);

      const file = await exportCsv(year, ADMIN_PASSWORD);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe(
        'attachment; filename="mintbox-1099-nec-2025.csv"',
      );
      const rows = parseCsv((await file.text()).replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual([
        'Recipient Name',
        'Recipient Business Name',
        'Recipient TIN Type',
        'Recipient TIN',
        'Address Line 1',
        'Address Line 2',
        'City',
        'State',
        'ZIP',
        'Country',
        'Box 1 Nonemployee Compensation',
        'Tax Year',
      ]);
      const mine = rows.filter((r) => r[0] === 'Eve Filing');
      expect(mine).toEqual([
        [
          'Eve Filing',
          '',
          'SSN',
          '234-56-7891',
          '5 "Oak", Apt 2',
          '',
          'Austin',
          'TX',
          '78701',
          'US',
          '650.00',
          '2025',
        ],
      ]);
      expect(rows.some((r) => ['Small Earner', 'Fay Abroad'].includes(r[0]!))).toBe(false);
      const entries = await api.db.select().from(auditLog).where(eq(auditLog.action, 'tax.year_end_export'));
      expect(entries).toHaveLength(before.length + 1);
      const entry = entries.at(-1)!;
      expect(entry).toMatchObject({
        entityType: 'tax_year',
        entityId: '2025',
        actorName: 'Admin <ops@mintbox.test>',
      });
      expect(JSON.stringify(entry)).not.toContain('234-56-7891');
      expect((entry.after as { creators: number[] }).creators).toContain(paidW9.creatorId);
    } finally {
      clock.now = new Date('2026-06-10T12:00:00Z');
    }
  });

  it('never writes a TIN or a date of birth to the log (requests, errors, or a careless call)', async () => {
    log.logger.info(
      { form: { tin: '123456789', foreignTin: 'X99', dateOfBirth: '1990-01-02' }, tin: '987654321' },
      'careless',
    );
    const text = log.lines.join('\n');
    expect(log.lines.some((l) => l.includes('"careless"'))).toBe(true);
    for (const secret of [
      '123456789',
      '123-45-6789',
      '234-56-7891',
      '234567891',
      '987654321',
      '1234567890123',
      '1990-01-02',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('keeps creators and admins apart', async () => {
    const gil = await creator();
    expect((await get('/api/admin/tax-year', gil.cookie)).status).toBe(403);
    expect((await get('/api/me/tax-form', api.admin)).status).toBe(403);
    expect((await get('/api/me/tax-form', '')).status).toBe(401);
  });
});
