import { and, eq, inArray } from 'drizzle-orm';
import type { ShippingAddressView, SocialHandle } from '../../shared/schemas/shipping';
import { normalizeHandle, profileUrl } from '../../shared/social-links';
import type { DatabaseOrTransaction } from '../client';
import { applications } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { influencers } from '../schema/influencers';
import { influencerProfiles, socialAccounts } from '../schema/onboarding';
import { applicationShippingAddresses } from '../schema/shipping';

/** Where each application's box goes: the admin's override, else the creator's profile address (null without one). */
export async function shippingAddressesFor(
  db: DatabaseOrTransaction,
  applicationIds: number[],
): Promise<Map<number, ShippingAddressView>> {
  const map = new Map<number, ShippingAddressView>();
  if (applicationIds.length === 0) return map;
  const rows = await db
    .select({ id: applications.id, profile: influencerProfiles, override: applicationShippingAddresses })
    .from(applications)
    .leftJoin(influencerProfiles, eq(influencerProfiles.influencerId, applications.influencerId))
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
  influencerIds: number[],
): Promise<Map<number, SocialHandle[]>> {
  const map = new Map<number, SocialHandle[]>();
  if (influencerIds.length === 0) return map;
  const rows = await db
    .select()
    .from(socialAccounts)
    .where(inArray(socialAccounts.influencerId, [...new Set(influencerIds)]))
    .orderBy(socialAccounts.platform);
  for (const s of rows) {
    if (!s.handle && s.followers === null) continue;
    const list = map.get(s.influencerId) ?? [];
    list.push({
      platform: s.platform,
      // The handle as the rule keeps it (a record from before the rule that fails it is shown as typed, unlinked).
      handle: s.handle ? (normalizeHandle(s.platform, s.handle) ?? s.handle) : null,
      url: profileUrl(s.platform, s.handle),
      followers: s.followers,
    });
    map.set(s.influencerId, list);
  }
  return map;
}

/** The accepted applications of a campaign that wait for a PR box, oldest decision first, with the creator's email. */
export async function applicationsAwaitingBox(db: DatabaseOrTransaction, campaignId: number) {
  return db
    .select({ id: applications.id, influencerId: applications.influencerId, email: influencers.email })
    .from(applications)
    .innerJoin(influencers, eq(influencers.id, applications.influencerId))
    .where(and(eq(applications.campaignId, campaignId), eq(applications.status, 'accepted')))
    .orderBy(applications.decidedAt, applications.id);
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

/** One application with its campaign and creator, locked for an admin's change (404 answer left to the caller). */
export async function lockApplicationWithParties(db: DatabaseOrTransaction, applicationId: number) {
  const [row] = await db
    .select({ application: applications, campaign: campaigns, influencer: influencers })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .innerJoin(influencers, eq(influencers.id, applications.influencerId))
    .where(eq(applications.id, applicationId))
    .limit(1)
    .for('update', { of: applications });
  return row ?? null;
}
