import { carrierBoardQuerySchema, carrierBoardSchema } from '../../shared/schemas/carrier-board';
import { idParamSchema as idParam } from '../../shared/schemas/id-param';
import { shippingAddressInputSchema, shippingAddressViewSchema } from '../../shared/schemas/shipping';
import { streamedCsvFile } from '../http/csv-file';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { adminOnlyRefusals, answer, csvAnswer, jsonBody, refusals } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { requireRecentSecondFactor } from '../middleware/second-factor';
import { overrideShippingAddress } from '../services/shipping';
import { shippingCsvChunks } from '../services/shipping-csv';
import { carrierBoardBoxes } from '../services/tracking/carrier-board';
import { carrierStatusCounts } from '../services/tracking/carrier-counts';

/** Issue 13: shipping for admins (behind requireRole('admin')). */
const common = {
  ...adminOnlyRefusals,
  ...refusals({
    404: 'Not found',
    409: 'Not at a step that allows this',
  }),
};

const shippingRoute = routeGroup({ tags: ['Admin shipping'], refusals: common });
// Names, addresses, phones and emails: a second factor from the last 10 minutes.
const steppedUpShippingRoute = shippingRoute.behind(requireRecentSecondFactor);

const shippingCsvRoute = steppedUpShippingRoute.get('/campaigns/{id}/shipping.csv', {
  summary:
    "The accepted creators waiting for a PR box as CSV for a carrier's bulk label tool (application_id, carrier, tracking_number, full_name, address fields, country, phone, email, handles, box_count); fill carrier and tracking_number and upload it back to /campaigns/{id}/shipments",
  request: { params: idParam },
  responses: {
    200: csvAnswer('CSV file (UTF-8 with BOM)'),
  },
});

const overrideRoute = shippingRoute.patch('/applications/{id}/shipping-address', {
  summary:
    "Set where one application's PR box goes (instead of the profile address); the creator is told by mail",
  request: { params: idParam, body: jsonBody(shippingAddressInputSchema) },
  responses: { 200: answer('The address the box now goes to', shippingAddressViewSchema) },
});

const carrierCountsRoute = shippingRoute.get('/campaigns/{id}/carrier-statuses', {
  summary:
    "Issue 38: the campaign's tracked boxes per carrier status (EasyPost's names), the board's sentence (\"14 in transit · 3 out for delivery · 1 returned\") how many trackers have had no event for 7 days, and the boxes of one status (`filter`, or `silent`; all without it)",
  request: { params: idParam, query: carrierBoardQuerySchema },
  responses: { 200: answer('Counts, and the boxes of the filter', carrierBoardSchema) },
});

export const adminShippingRoutes = createRouter()
  .openapi(carrierCountsRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { filter } = c.req.valid('query');
    const services = c.get('services');
    const counts = await carrierStatusCounts(services, id);
    const chosen = !filter ? null : filter === 'silent' ? { silent: true as const } : { status: filter };
    return c.json({ ...counts, boxes: await carrierBoardBoxes(services, id, chosen) }, 200);
  })
  .openapi(shippingCsvRoute, async (c) => {
    const { id } = c.req.valid('param');
    const ctx = c.get('services');
    // An unknown campaign or one without a box is refused here, before the first byte; the rows then stream.
    const chunks = await shippingCsvChunks(ctx, id);
    return streamedCsvFile(
      c,
      `shipping-campaign-${id}.csv`,
      chunks,
      'shipping export failed midway',
    ) as never;
  })
  .openapi(overrideRoute, async (c) => {
    const address = await overrideShippingAddress(
      c.get('services'),
      c.req.valid('param').id,
      c.req.valid('json'),
      adminActor(c),
    );
    return c.json(address, 200);
  });
