import { eq, inArray } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { applications, submissions } from '../../../db/schema/applications';

/** The ids of a creator's applications (the rows hanging off them are theirs too). */
export const applicationIdsOf = async (db: DatabaseOrTransaction, creatorId: number) =>
  (
    await db.select({ id: applications.id }).from(applications).where(eq(applications.creatorId, creatorId))
  ).map((row) => row.id);

/** The ids of the submissions of a creator's applications. */
export const submissionIdsOf = async (db: DatabaseOrTransaction, creatorId: number) => {
  const ids = await applicationIdsOf(db, creatorId);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(inArray(submissions.applicationId, ids));
  return rows.map((row) => row.id);
};
