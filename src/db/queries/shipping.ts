import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { groupedBy } from '../../shared/grouped';
import type { ShippingAddressView, SocialHandle } from '../../shared/schemas/shipping';
import { normalizeHandle, profileUrl } from '../../shared/social-links';
import type { DatabaseOrTransaction } from '../client';
import { applications } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { creatorProfiles, socialAccounts } from '../schema/onboarding';
import { applicationShippingAddresses } from '../schema/shipping';
import { readColumn } from './first-row';

/** Where each application's box goes: the admin's override, else the creator's profile address (null without one). */
export async function shippingAddressesFor(
  db: DatabaseOrTransaction,
  applicationIds: number[],
): Promise<Map<number, ShippingAddressView>> {
  const map = new Map<number, ShippingAddressView>();
  if (applicationIds.length === 0) return map;
  const rows = await db
    .select({ id: applications.id, profile: creatorProfiles, override: applicationShippingAddresses })
    .from(applications)
    .leftJoin(creatorProfiles, eq(creatorProfiles.creatorId, applications.creatorId))
    .leftJoin(applicationShippingAddresses, eq(applicationShippingAddresses.applicationId, applications.id))
    .where(inArray(applications.id, applicationIds));
  for (const { id, profile: p, override: o } of rows) {
    if (o) {
      map.set(id, {
        fullName: o.fullName,
        addressLine1: o.addressLine1,
        addressLine2: o.addressLine2,
        city: o.city,
        state: o.state,
        zipCode: o.zipCode,
        phone: o.phone,
        overridden: true,
      });
    } else if (p) {
      map.set(id, {
        fullName: p.fullName,
        addressLine1: p.addressLine1,
        addressLine2: p.addressLine2,
        city: p.city,
        state: p.state,
        zipCode: p.zipCode,
        phone: p.shippingPhone,
        overridden: false,
      });
    }
  }
  return map;
}

/** Each creator's handles per platform, with a link to the profile page (null when the handle fails its rule). */
export async function handlesFor(
  db: DatabaseOrTransaction,
  creatorIds: number[],
): Promise<Map<number, SocialHandle[]>> {
  if (creatorIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(socialAccounts)
    .where(inArray(socialAccounts.creatorId, [...new Set(creatorIds)]))
    .orderBy(socialAccounts.platform);
  return groupedBy(
    rows.filter((s) => s.handle || s.followers !== null),
    (s) => s.creatorId,
    (s): SocialHandle => ({
      platform: s.platform,
      // The handle as the rule keeps it (a record from before the rule that fails it is shown as typed, unlinked).
      handle: s.handle ? (normalizeHandle(s.platform, s.handle) ?? s.handle) : null,
      url: profileUrl(s.platform, s.handle),
      followers: s.followers,
    }),
  );
}

/** A campaign's type, or null when there is no such campaign (the shipping CSV's check before its first byte). */
export async function campaignTypeOf(db: DatabaseOrTransaction, campaignId: number) {
  return readColumn(db, campaigns.type, eq(campaigns.id, campaignId));
}

/** Where a chunk of the shipping CSV starts: after this application, in the file's order. */
export interface AwaitingBoxKey {
  decidedAt: Date | null;
  id: number;
}

/**
 * The accepted applications of a campaign that wait for a PR box, oldest decision first (an application without a
 * decision date last), with the creator's email: `limit` of them after `after` (keyset paging, so the CSV streams a
 * chunk at a time whatever the campaign's size: issue 28).
 */
export async function applicationsAwaitingBox(
  db: DatabaseOrTransaction,
  campaignId: number,
  after: AwaitingBoxKey | null,
  limit: number,
) {
  // The file's order is `decided_at asc nulls last, id`; the rows after a key in that order.
  const next = !after
    ? undefined
    : after.decidedAt === null
      ? and(isNull(applications.decidedAt), gt(applications.id, after.id))
      : or(
          sql`(${applications.decidedAt}, ${applications.id}) > (${after.decidedAt.toISOString()}::timestamptz, ${after.id}::int)`,
          isNull(applications.decidedAt),
        );
  return db
    .select({
      id: applications.id,
      decidedAt: applications.decidedAt,
      creatorId: applications.creatorId,
      // By primary key, row by row: joined, the planner hashed every creator for a few hundred applications.
      email: sql<string>`(select i.email from influencers i where i.id = ${applications.creatorId})`,
    })
    .from(applications)
    .where(and(eq(applications.campaignId, campaignId), eq(applications.status, 'accepted'), next))
    .orderBy(sql`${applications.decidedAt} asc nulls last`, applications.id)
    .limit(limit);
}

/** Saves (or replaces) an admin's address for one application. */
export async function upsertShippingOverride(
  db: DatabaseOrTransaction,
  values: typeof applicationShippingAddresses.$inferInsert,
) {
  const { applicationId: _id, ...rest } = values;
  await db
    .insert(applicationShippingAddresses)
    .values(values)
    .onConflictDoUpdate({ target: applicationShippingAddresses.applicationId, set: rest });
}
