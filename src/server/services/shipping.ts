import type { Database } from '../../db/client';
import { lockApplication } from '../../db/queries/application-lifecycle-reads';
import { decisionsOf, followerChangesOf } from '../../db/queries/creator-profile';
import { handlesFor, shippingAddressesFor, upsertShippingOverride } from '../../db/queries/shipping';
import { shipsBox } from '../../shared/constants';
import { followerJumpFlags } from '../../shared/follower-changes';
import { ACCEPTED_STATUSES, type ApplicationStatus } from '../../shared/lifecycle/statuses';
import type { Applicant } from '../../shared/schemas/application';
import type { AdminApplicant, ShippingAddress, ShippingAddressView } from '../../shared/schemas/shipping';
import { AppError } from '../http/errors';
import { shippingAddressChangedMail } from '../mail/creator-templates';
import { type AuditActor, changedFields, recordAdminAction } from './audit-log';
import { creatorNotice, notifyCreator } from './notifications';
import { atInstant, type ServiceContext } from './service-context';

const isAccepted = (status: ApplicationStatus) => (ACCEPTED_STATUSES as readonly string[]).includes(status);

/**
 * Every applicant comes with their handles (linked to their profiles: the admin vets them before deciding, issue 24);
 * only accepted ones get their full shipping address.
 */
export async function withShippingDetails(db: Database, applicants: Applicant[]): Promise<AdminApplicant[]> {
  const accepted = applicants.filter((a) => isAccepted(a.status));
  const creatorIds = applicants.map((a) => a.creator.id);
  const [addresses, handles, changes, decisions] = await Promise.all([
    shippingAddressesFor(
      db,
      accepted.map((a) => a.id),
    ),
    handlesFor(db, creatorIds),
    followerChangesOf(db, creatorIds),
    decisionsOf(db, creatorIds),
  ]);
  return applicants.map((a) => {
    // Waiting for a decision: changes since the creator's last review; decided: since this application's review.
    const own = decisions.find((d) => d.id === a.id)?.decidedAt?.getTime();
    const lastReview =
      own ??
      decisions
        .filter((d) => d.creatorId === a.creator.id)
        .reduce((latest, d) => Math.max(latest, d.decidedAt!.getTime()), 0);
    return {
      ...a,
      shipping: addresses.get(a.id) ?? null,
      handles: handles.get(a.creator.id) ?? [],
      followerFlags: followerJumpFlags(
        changes.filter((c) => c.creatorId === a.creator.id && c.changedAt.getTime() > lastReview),
      ),
    };
  });
}

/** One line of text for an address (mails, logs). */
export function addressLine(
  a: Pick<ShippingAddressView, 'fullName' | 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zipCode'>,
) {
  return [a.fullName, a.addressLine1, a.addressLine2, `${a.city}, ${a.state} ${a.zipCode}`]
    .filter(Boolean)
    .join(', ');
}

const ADDRESS_FIELDS = [
  'fullName',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zipCode',
  'phone',
] as const;

/** Statuses in which the box's address can still matter: before it ships, or for a re-shipment. */
const ADDRESS_STATUSES: readonly ApplicationStatus[] = ['accepted', 'shipped', 'delivered'];

/** The admin sets where one application's box goes; the creator is told by mail. */
export async function overrideShippingAddress(
  services: ServiceContext,
  applicationId: number,
  input: ShippingAddress,
  actor: AuditActor,
) {
  const ctx = atInstant(services);
  const result = await ctx.db.transaction(async (tx) => {
    const found = await lockApplication(tx, applicationId);
    if (!found) throw new AppError('NOT_FOUND', 'Application not found');
    const { application, campaign, creator } = found;
    if (!shipsBox(campaign.type)) throw new AppError('CONFLICT', 'This campaign does not send a PR box.');
    if (!ADDRESS_STATUSES.includes(application.status)) {
      throw new AppError(
        'CONFLICT',
        `The shipping address can be changed only for an accepted creator whose box has not been used yet (this application is ${application.status}).`,
      );
    }
    const previous = (await shippingAddressesFor(tx, [applicationId])).get(applicationId);
    await upsertShippingOverride(tx, {
      applicationId,
      fullName: input.fullName,
      addressLine1: input.addressLine1,
      addressLine2: input.addressLine2 ?? null,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
      phone: input.phone,
      reason: input.reason ?? null,
      setByUserId: actor.userId,
      setByName: actor.name,
      updatedAt: ctx.now,
    });
    // Which address fields changed (the trail masks their values), from which address, and why.
    const diff = changedFields(
      { ...previous, source: previous?.overridden ? 'override' : 'profile' },
      { ...input, addressLine2: input.addressLine2 ?? null, source: 'override' },
      [...ADDRESS_FIELDS, 'source'],
    );
    await recordAdminAction(tx, actor, {
      action: 'application.override_address',
      entityType: 'application',
      entityId: applicationId,
      before: diff?.before ?? {},
      after: { ...diff?.after, reason: input.reason ?? null },
      at: ctx.now,
    });
    await notifyCreator(tx, creator.id, creatorNotice.addressChanged(campaign.name), ctx.now);
    return { email: creator.email, campaign: campaign.name };
  });
  try {
    await ctx.mailer.send(
      shippingAddressChangedMail(ctx.appUrl, result.email, {
        campaign: result.campaign,
        address: addressLine({ ...input, addressLine2: input.addressLine2 ?? null }),
        reason: input.reason,
      }),
    );
  } catch (error) {
    ctx.logger.error({ err: error, kind: 'shipping-address' }, 'could not send a shipping address mail');
  }
  const addresses = await shippingAddressesFor(ctx.db, [applicationId]);
  return addresses.get(applicationId)!;
}
