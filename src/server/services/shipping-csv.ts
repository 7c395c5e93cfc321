import { choicesOf } from '../../db/queries/products';
import {
  type AwaitingBoxKey,
  applicationsAwaitingBox,
  campaignTypeOf,
  handlesFor,
  shippingAddressesFor,
} from '../../db/queries/shipping';
import { shipsBox } from '../../shared/constants';
import { variantLabel } from '../../shared/schemas/products';
import { SHIPPING_CSV_HEADER } from '../../shared/schemas/shipping';
import { AppError } from '../http/errors';
import type { ServiceContext } from './service-context';
import { csvLine, csvText } from './transactions-csv';

/** Applications per chunk of the file: three reads each (applications, addresses, handles); the first is small. */
const FIRST_CHUNK = 100;
const CHUNK = 500;

/**
 * The accepted creators of a campaign that wait for a PR box, as CSV for a carrier's bulk label tool: the address
 * fields, phone (digits), email and handles, one box each. carrier and tracking_number come second and third, empty:
 * filled in and uploaded back, the shipments import reads them by application id.
 *
 * The campaign is checked first (404, 409), so a refusal is an answer and not a broken download; then the file is
 * yielded a chunk at a time (keyset paging): a campaign with 10,000 applicants starts at once and never sits in
 * memory whole (issue 28). The first piece is the byte-order mark (spreadsheets then read UTF-8) and the header.
 */
export async function shippingCsvChunks(ctx: ServiceContext, campaignId: number) {
  const type = await campaignTypeOf(ctx.db, campaignId);
  if (!type) throw new AppError('NOT_FOUND', 'Campaign Not Found');
  if (!shipsBox(type)) throw new AppError('CONFLICT', 'This campaign does not send a PR box.');
  return chunks(ctx, campaignId);
}

async function* chunks(ctx: ServiceContext, campaignId: number): AsyncGenerator<string> {
  yield `\uFEFF${csvLine([...SHIPPING_CSV_HEADER])}`;
  let after: AwaitingBoxKey | null = null;
  for (;;) {
    const size = after ? CHUNK : FIRST_CHUNK;
    const rows = await applicationsAwaitingBox(ctx.db, campaignId, after, size);
    if (rows.length === 0) return;
    const [addresses, handles, choices] = await Promise.all([
      shippingAddressesFor(
        ctx.db,
        rows.map((r) => r.id),
      ),
      handlesFor(
        ctx.db,
        rows.map((r) => r.creatorId),
      ),
      choicesOf(
        ctx.db,
        rows.map((r) => r.id),
      ),
    ]);
    let text = '';
    for (const row of rows) {
      const a = addresses.get(row.id);
      // Handles without their '@' (a leading '@' would be escaped as a spreadsheet formula); only handles that pass
      // their platform's rule (those with a profile link): a record kept before the rule is left out, not copied on.
      const h = new Map(
        (handles.get(row.creatorId) ?? []).map((s) => [
          s.platform,
          s.url ? (s.handle ?? '').replace(/^@+/, '') : '',
        ]),
      );
      text += csvLine([
        String(row.id),
        '',
        '',
        csvText(a?.fullName ?? ''),
        csvText(a?.addressLine1 ?? ''),
        csvText(a?.addressLine2 ?? ''),
        csvText(a?.city ?? ''),
        csvText(a?.state ?? ''),
        csvText(a?.zipCode ?? ''),
        'US',
        (a?.phone ?? '').replace(/\D/g, ''),
        csvText(row.email),
        csvText(h.get('instagram') ?? ''),
        csvText(h.get('tiktok') ?? ''),
        csvText(h.get('youtube') ?? ''),
        csvText(h.get('facebook') ?? ''),
        '1',
        csvText((choices.get(row.id) ?? []).map((c) => c.sku).join('; ')),
        csvText((choices.get(row.id) ?? []).map((c) => variantLabel(c.product, c.variant)).join('; ')),
      ]);
    }
    yield text;
    const last = rows.at(-1)!;
    after = { decidedAt: last.decidedAt, id: last.id };
    if (rows.length < size) return;
  }
}
