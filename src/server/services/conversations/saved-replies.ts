import { eq } from 'drizzle-orm';
import { listSavedReplies } from '../../../db/queries/conversation-lists';
import { type SavedReplyRow, savedReplies } from '../../../db/schema/conversations';
import type { SavedReplyInput, SavedReplyItem } from '../../../shared/schemas/conversation-inbox';
import { AppError } from '../../http/errors';
import { atInstant, type ServiceContext } from '../service-context';

/** The team's saved replies (shared by every admin): list, create, edit, delete. */
const view = (row: SavedReplyRow): SavedReplyItem => ({
  id: row.id,
  title: row.title,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
});

const DUPLICATE = 'A saved reply with this title exists already. Choose another title.';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', DUPLICATE, {}, undefined, 'title');
    throw error;
  }
}

export async function savedReplyList({ db }: ServiceContext): Promise<SavedReplyItem[]> {
  return (await listSavedReplies(db)).map(view);
}

export async function createSavedReply(
  services: ServiceContext,
  input: SavedReplyInput,
  userId: string,
): Promise<SavedReplyItem> {
  const { db, now } = atInstant(services);
  const [row] = await guarded(() =>
    db
      .insert(savedReplies)
      .values({ ...input, createdByUserId: userId, createdAt: now, updatedAt: now })
      .returning(),
  );
  return view(row!);
}

export async function updateSavedReply(
  services: ServiceContext,
  id: number,
  input: SavedReplyInput,
): Promise<SavedReplyItem> {
  const { db, now } = atInstant(services);
  const [row] = await guarded(() =>
    db
      .update(savedReplies)
      .set({ ...input, updatedAt: now })
      .where(eq(savedReplies.id, id))
      .returning(),
  );
  if (!row) throw new AppError('NOT_FOUND', 'Saved reply not found');
  return view(row);
}

export async function deleteSavedReply({ db }: ServiceContext, id: number): Promise<void> {
  const gone = await db
    .delete(savedReplies)
    .where(eq(savedReplies.id, id))
    .returning({ id: savedReplies.id });
  if (gone.length === 0) throw new AppError('NOT_FOUND', 'Saved reply not found');
}
