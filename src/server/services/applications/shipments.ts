import type { DatabaseOrTransaction } from '../../../db/client';
import { findApplicationCampaignId, lockApplication } from '../../../db/queries/application-lifecycle-reads';
import { choicesOf } from '../../../db/queries/products';
import { AppError } from '../../http/errors';
import { type AuditActor, recordAdminUpdate } from '../audit-log';
import { creatorNotice, notifyCreator } from '../notifications';
import { atInstant, type ServiceContext, stoppedAt } from '../service-context';
import { type RegisteredTracker, registerTracking, trackerColumns } from '../tracking/register-tracking';
import { found, notify } from './context';
import { parseShipmentsCsv } from './shipments-csv';
import { type TransitionSubject, transition } from './transition';

/**
 * Records (or corrects) the carrier and tracking number of an accepted creator's PR box. The number is registered
 * with the tracking service first (a refused number is a 400 and nothing is saved). With `tx`, it is one row of a
 * CSV import (audited as such) inside the import's transaction for that row, registered by the import as `tracker`.
 */
export async function recordShipment(
  services: ServiceContext,
  applicationId: number,
  { carrier, trackingNumber }: { carrier: string; trackingNumber: string },
  actor: AuditActor,
  tx?: DatabaseOrTransaction,
  registered?: RegisteredTracker,
) {
  const ctx = atInstant(services);
  const tracker = tx ? (registered ?? null) : await registerTracking(ctx, { trackingNumber, carrier });
  const run = async (db: DatabaseOrTransaction) => {
    const locked = found(await lockApplication(db, applicationId), 'Application not found');
    const { application, campaign, creator } = locked;
    const row = await transition(db, locked, 'ship', 'admin', {
      carrier,
      trackingNumber,
      shippedAt: ctx.now,
      updatedAt: ctx.now,
      ...trackerColumns(tracker, ctx.now),
    });
    await recordAdminUpdate(db, actor, {
      action: tx ? 'application.import_shipment' : 'application.ship',
      entityType: 'application',
      entityId: applicationId,
      before: application,
      after: { status: 'shipped', carrier, trackingNumber },
      at: ctx.now,
    });
    await notifyCreator(
      db,
      creator.id,
      creatorNotice.shipped(campaign.name, carrier, trackingNumber),
      ctx.now,
    );
    return { row, email: creator.email, campaign: campaign.name };
  };
  const result = tx ? await run(tx) : await ctx.db.transaction(run);
  if (!tx) {
    await notify(ctx, result.email, { kind: 'shipped', campaign: result.campaign, carrier, trackingNumber });
  }
  return result;
}

/**
 * A new box for a reported delivery problem (services/delivery-problems reshipProblem, in its transaction): shipped
 * again with the new carrier and tracking number, the problem cleared from the application, and delivery to be
 * confirmed again (so the posting clock waits for it and the reminder can be sent again).
 */
export async function reshipBox(
  tx: DatabaseOrTransaction,
  subject: TransitionSubject,
  { carrier, trackingNumber }: { carrier: string; trackingNumber: string },
  now: Date,
  tracker: RegisteredTracker = null,
) {
  return transition(tx, subject, 'reship', 'admin', {
    ...trackerColumns(tracker, now),
    deliveredBy: null,
    carrierDeliveredAt: null,
    deliveryProblem: null,
    deliveryProblemNote: null,
    deliveryProblemAt: null,
    carrier,
    trackingNumber,
    shippedAt: now,
    deliveredAt: null,
    deliveryConfirmedAt: null,
    reminderSentAt: null,
    updatedAt: now,
  });
}

/**
 * The file's SKU must still be the creator's choice (issue 37): they may change it until the box ships, so a file
 * exported before the change would record the wrong box. Refused with both SKUs named; nothing is saved for the line.
 */
async function checkPackedSku(tx: DatabaseOrTransaction, applicationId: number, sku: string) {
  const chosen = (await choicesOf(tx, [applicationId])).get(applicationId) ?? [];
  const current = chosen.map((c) => c.sku).join('; ');
  if (chosen.length > 0 && current !== sku) {
    throw new AppError(
      'CONFLICT',
      `sku ${sku} is no longer the creator's choice (now ${current}): pack ${current}, then import the line with it`,
    );
  }
}

export interface ShipmentImportReport {
  imported: number;
  errors: Array<{ line: number; error: string }>;
}

/**
 * Imports shipments from CSV (see parseShipmentsCsv). Each row is its own change: good rows are saved, bad rows are
 * reported with their line number and reason.
 */
export async function importShipmentsCsv(
  services: ServiceContext,
  campaignId: number,
  csv: string,
  actor: AuditActor,
): Promise<ShipmentImportReport> {
  const ctx = atInstant(services);
  const report: ShipmentImportReport = { imported: 0, errors: [] };
  const notices: Array<{ email: string; campaign: string; carrier: string; trackingNumber: string }> = [];
  for (const parsed of parseShipmentsCsv(csv)) {
    if ('error' in parsed) {
      report.errors.push(parsed);
      continue;
    }
    const { line, applicationId, carrier, trackingNumber, sku } = parsed;
    try {
      if ((await findApplicationCampaignId(ctx.db, applicationId)) !== campaignId)
        throw new AppError('NOT_FOUND', `application ${applicationId} is not in this campaign`);
      // Before the number is registered with the tracking service: a refused line registers nothing.
      if (sku) await checkPackedSku(ctx.db, applicationId, sku);
      const tracker = await registerTracking(ctx, { trackingNumber, carrier });
      const result = await ctx.db.transaction(async (tx) => {
        if ((await findApplicationCampaignId(tx, applicationId)) !== campaignId)
          throw new AppError('NOT_FOUND', `application ${applicationId} is not in this campaign`);
        if (sku) await checkPackedSku(tx, applicationId, sku);
        return recordShipment(stoppedAt(ctx), applicationId, { carrier, trackingNumber }, actor, tx, tracker);
      });
      report.imported += 1;
      notices.push({ email: result.email, campaign: result.campaign, carrier, trackingNumber });
    } catch (error) {
      report.errors.push({ line, error: error instanceof AppError ? error.message : 'could not be saved' });
    }
  }
  for (const n of notices) await notify(ctx, n.email, { kind: 'shipped', ...n });
  return report;
}
