import type { DatabaseOrTransaction } from '../../../db/client';
import { findPost } from '../../../db/queries/content-metrics-posts';
import {
  confirmReport,
  insertSnapshot,
  latestAdminFigures,
  updateEngagementRates,
} from '../../../db/queries/content-metrics-writes';
import { insertUpload } from '../../../db/queries/uploads';
import { METRIC_FIELDS } from '../../../shared/content-metrics';
import type { MetricsInput } from '../../../shared/schemas/content-metrics';
import { AppError } from '../../http/errors';
import { type AuditActor, changedFields, recordAdminAction } from '../audit-log';
import { atInstant, type ServiceContext } from '../service-context';
import { discardImage, storeImage, uploadRow } from '../uploads';

/* A post's figures entered by hand: an admin's entry or correction, a creator's report and its confirmation. */

const figuresFrom = (input: MetricsInput) =>
  Object.fromEntries(METRIC_FIELDS.map((f) => [f, input[f] ?? null])) as Record<
    (typeof METRIC_FIELDS)[number],
    number | null
  >;

/** A post the admin or creator names: 404 when the submission is not there (or not theirs), 400 for a foreign link. */
async function postFor(db: DatabaseOrTransaction, submissionId: number, postUrl: string, creatorId?: number) {
  const post = await findPost(db, submissionId, postUrl, creatorId);
  if (!post) throw new AppError('NOT_FOUND', 'Submission not found');
  if (!post.hasUrl) throw new AppError('BAD_REQUEST', 'postUrl: this link is not part of the submission');
  return post;
}

/** An admin enters or corrects a post's figures (source `admin`, measured now). */
export async function recordAdminMetrics(
  services: ServiceContext,
  params: { submissionId: number; input: MetricsInput; adminId: string; actor: AuditActor },
) {
  const { db, now } = atInstant(services);
  return db.transaction(async (tx) => {
    const post = await postFor(tx, params.submissionId, params.input.postUrl);
    const previous = await latestAdminFigures(tx, post.submissionId, post.postUrl);
    const figures = figuresFrom(params.input);
    const id = await insertSnapshot(tx, {
      submissionId: post.submissionId,
      postUrl: post.postUrl,
      source: 'admin',
      ...figures,
      measuredAt: now,
      enteredBy: params.adminId,
    });
    await updateEngagementRates(tx, [post.submissionId], now);
    // A correction records the figures that changed from the admin's last entry; a first entry all of them.
    const diff = previous ? changedFields(previous, figures, METRIC_FIELDS) : null;
    await recordAdminAction(tx, params.actor, {
      action: 'metrics.enter',
      entityType: 'submission',
      entityId: post.submissionId,
      before: previous ? { postUrl: post.postUrl, ...diff?.before } : null,
      after: { postUrl: post.postUrl, ...(previous ? diff?.after : figures) },
      at: now,
    });
    return { id };
  });
}

/**
 * A creator reports their own post's figures with a screenshot; counted once an admin confirms. The screenshot is
 * stored, then recorded with the report in one transaction: private, its owner the reporting creator's user (and
 * taken away again when the report is refused).
 */
export async function reportCreatorMetrics(
  services: ServiceContext,
  params: {
    submissionId: number;
    creatorId: number;
    input: MetricsInput;
    screenshot: File;
    /** The session user: the screenshot's owner. */
    ownerUserId: string;
  },
) {
  const { db, files, now } = atInstant(services);
  const stored = await storeImage(files, params.screenshot).catch((error: unknown) => {
    // The upload service names its field 'file'; here it is the screenshot.
    if (error instanceof AppError)
      throw new AppError(error.code, error.message.replace(/^file:/, 'screenshot:'));
    throw error;
  });
  return db
    .transaction(async (tx) => {
      const post = await postFor(tx, params.submissionId, params.input.postUrl, params.creatorId);
      await insertUpload(tx, uploadRow(stored, params.ownerUserId, 'private', now));
      const id = await insertSnapshot(tx, {
        submissionId: post.submissionId,
        postUrl: post.postUrl,
        source: 'creator',
        ...figuresFrom(params.input),
        measuredAt: now,
        screenshotUrl: stored.url,
      });
      return { id };
    })
    .catch(async (error: unknown) => {
      await discardImage(files, stored.name);
      throw error;
    });
}

export async function confirmCreatorReport(
  services: ServiceContext,
  snapshotId: number,
  adminId: string,
  actor: AuditActor,
) {
  const { db, now } = atInstant(services);
  return db.transaction(async (tx) => {
    const row = await confirmReport(tx, snapshotId, adminId, now);
    if (!row) throw new AppError('NOT_FOUND', 'There is no report waiting for confirmation with this id.');
    await updateEngagementRates(tx, [row.submissionId], now);
    await recordAdminAction(tx, actor, {
      action: 'metrics.confirm',
      entityType: 'metric_report',
      entityId: snapshotId,
      before: { confirmed: false },
      after: { confirmed: true },
      at: now,
    });
    return row;
  });
}
