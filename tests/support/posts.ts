import type { DatabaseOrTransaction } from '../../src/db/client';
import { applications, submissions } from '../../src/db/schema/applications';
import { contentMetricSnapshots } from '../../src/db/schema/content-metrics';

/**
 * A creator's application with submitted content, straight in the database (the lifecycle API is tested
 * elsewhere): approved by default, at `reviewedAt`. Returns the submission id.
 */
export async function insertSubmittedPost(
  db: DatabaseOrTransaction,
  options: {
    campaignId: number;
    creatorId: number;
    urls: string[];
    status?: 'submitted' | 'approved';
    reviewedAt?: Date;
  },
): Promise<number> {
  const status = options.status ?? 'approved';
  const reviewedAt = options.reviewedAt ?? new Date('2026-06-01T12:00:00Z');
  const [application] = await db
    .insert(applications)
    .values({
      campaignId: options.campaignId,
      creatorId: options.creatorId,
      status: status === 'approved' ? 'approved' : 'content_submitted',
      ...(status === 'approved' ? { approvedAt: reviewedAt } : {}),
    })
    .returning();
  const [submission] = await db
    .insert(submissions)
    .values({
      applicationId: application!.id,
      urls: options.urls,
      status,
      // Submitted the day before the review.
      createdAt: new Date(reviewedAt.getTime() - 86_400_000),
      ...(status === 'approved' ? { reviewedAt } : {}),
    })
    .returning();
  return submission!.id;
}

/** A snapshot straight in the database (source api unless told). */
export async function insertSnapshot(
  db: DatabaseOrTransaction,
  values: Omit<typeof contentMetricSnapshots.$inferInsert, 'source'> & {
    source?: 'api' | 'admin' | 'creator';
  },
) {
  await db.insert(contentMetricSnapshots).values({ source: 'api', ...values });
}
