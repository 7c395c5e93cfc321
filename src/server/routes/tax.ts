import {
  myTaxFormSchema,
  taxFormInputSchema,
  taxYearParamSchema,
  taxYearQuerySchema,
  taxYearReportSchema,
  yearEndExportSchema,
} from '../../shared/schemas/tax';
import { csvFile } from '../http/csv-file';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, csvAnswer, jsonBody, refusal, refusals } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { creatorOnly, currentCreator, verifiedCreator } from '../middleware/creator';
import { requireRecentSecondFactor } from '../middleware/second-factor';
import { currentUser } from '../middleware/session';
import { fileTaxForm } from '../services/tax/file-form';
import { myTaxForm } from '../services/tax/my-form';
import { taxYearReport } from '../services/tax/tax-year';
import { yearEndCsv } from '../services/tax/year-end-csv';

/** Tax forms (issue 27): the creator's own form on /profile, and the admins' tax year with its year-end file. */
const common = refusals({
  400: 'Bad input (the message says what to fix)',
  401: 'Not signed in',
  403: 'Not allowed',
});

const creatorRoute = routeGroup({ tags: ['Tax forms'], middleware: creatorOnly, refusals: common });
const adminRoute = routeGroup({ tags: ['Tax forms'], refusals: common });
const steppedUpAdminRoute = adminRoute.behind(requireRecentSecondFactor);

const routes = {
  mine: creatorRoute.get('/me/tax-form', {
    summary:
      "The creator's tax form on file (TIN masked), earlier forms kept, this year's paid total and held payouts",
    responses: { 200: answer('The form', myTaxFormSchema) },
  }),
  file: creatorRoute.put('/me/tax-form', {
    summary:
      'File a W-9 (US persons) or a W-8BEN, or replace the one on file (kept, marked replaced). The TIN is sealed at rest and answered masked; payouts waiting for a form are released.',
    request: { body: jsonBody(taxFormInputSchema) },
    responses: {
      200: answer('Filed', myTaxFormSchema),
      409: refusal('Another form was filed at the same moment'),
    },
  }),
  year: adminRoute.get('/tax-year', {
    summary:
      'Tax year, one page (most paid first; `cursor` from nextCursor, `limit` lines): per creator the total paid in the calendar year (UTC), payouts held that were requested in it, the form type and status (TIN masked); totals of the whole year',
    request: { query: taxYearQuerySchema },
    responses: { 200: answer('The year', taxYearReportSchema) },
  }),
  export: steppedUpAdminRoute.post('/tax-year/{year}/export', {
    summary:
      "Year-end CSV for a 1099-NEC filing service (recipient name, TIN, address, box 1 amount) of creators paid $600 or more with a W-9. Requires the admin's password; audited.",
    request: { params: taxYearParamSchema, body: jsonBody(yearEndExportSchema) },
    responses: {
      200: csvAnswer('CSV file'),
      409: refusal('A TIN cannot be read'),
      429: refusal('Too many wrong passwords: wait'),
    },
  }),
};

export const taxRoutes = createRouter()
  .openapi(routes.mine, async (c) => c.json(await myTaxForm(c.get('services'), await currentCreator(c)), 200))
  .openapi(routes.file, async (c) => {
    const creator = await verifiedCreator(c);
    const { env } = c.get('deps');
    return c.json(await fileTaxForm(c.get('services'), env.authSecret, creator, c.req.valid('json')), 200);
  });

/** Behind requireRole('admin') (app.ts). */
export const adminTaxRoutes = createRouter()
  .openapi(routes.year, async (c) => {
    const query = c.req.valid('query');
    return c.json(
      await taxYearReport(c.get('services'), query.year, { cursor: query.cursor, limit: query.limit }),
      200,
    );
  })
  .openapi(routes.export, async (c) => {
    const { auth, env } = c.get('deps');
    const user = currentUser(c);
    const { filename, csv } = await yearEndCsv(
      c.get('services'),
      { auth, secret: env.authSecret },
      { user: { id: user.id, email: user.email }, actor: adminActor(c) },
      { year: c.req.valid('param').year, password: c.req.valid('json').password },
    );
    c.header('Cache-Control', 'no-store');
    return csvFile(c, filename, csv);
  });
