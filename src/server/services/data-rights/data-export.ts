import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { lockCreator } from '../../../db/queries/creator-profile';
import { creators } from '../../../db/schema/creators';
import { type DataExportRow, dataExports } from '../../../db/schema/data-rights';
import {
  DATA_EXPORT_LINK_HOURS,
  DATA_RIGHTS_MESSAGES,
  type DataExport,
  type DataExportState,
} from '../../../shared/schemas/data-rights';
import { AppError } from '../../http/errors';
import { type FileStore, FileStoreError } from '../../integrations/file-storage/file-store';
import { dataExportReadyMail } from '../../mail/data-rights-templates';
import { atInstant, type ServiceContext } from '../service-context';
import { EXPORT_SECTIONS, type ExportSubject } from './export-sections';

/** Links are kept only as their SHA-256: a copy of the database cannot download anybody's data. */
export const hashExportToken = (token: string) => createHash('sha256').update(token).digest('hex');

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function viewOf(row: DataExportRow, now: Date): DataExport {
  const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: iso(row.readyAt),
    expiresAt: iso(row.expiresAt),
    downloadedAt: iso(row.downloadedAt),
  };
}

/** The creator's latest data download request, as they see it (an unused link past its 24 hours reads expired). */
export async function dataExportState(services: ServiceContext, creatorId: number): Promise<DataExportState> {
  const ctx = atInstant(services);
  const [latest] = await ctx.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.creatorId, creatorId))
    .orderBy(desc(dataExports.id))
    .limit(1);
  return { latest: latest ? viewOf(latest, ctx.now) : null };
}

/** "Download my data": records the request; the data-export job builds the file and mails the link. */
export async function requestDataExport(
  services: ServiceContext,
  who: ExportSubject,
): Promise<DataExportState> {
  const ctx = atInstant(services);
  await ctx.db.transaction(async (tx) => {
    // One request at a time per creator: the creator row is the lock.
    await lockCreator(tx, who.creatorId);
    const [waiting] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.creatorId, who.creatorId), eq(dataExports.status, 'requested')))
      .limit(1);
    if (waiting) throw new AppError('CONFLICT', DATA_RIGHTS_MESSAGES.exportPending);
    await tx.insert(dataExports).values({ ...who, status: 'requested', requestedAt: ctx.now });
  });
  return dataExportState(services, who.creatorId);
}

/**
 * Built data files wait for their download in the store's `exports` area (DATA_DIR/exports or the bucket, so any
 * instance can hand out what a job on another built): private, never served by /uploads.
 */
async function removeFile(files: FileStore, fileName: string | null) {
  if (fileName) await files.remove('exports', fileName).catch(() => undefined);
}

/**
 * The data-export job: builds every requested file, stores it privately and mails its one-time link; also retires
 * unused links past their 24 hours (file deleted). Safe to run twice: a row becomes ready only from `requested`.
 */
export async function buildRequestedExports(services: ServiceContext) {
  const ctx = atInstant(services);
  let built = 0;
  let expired = 0;
  const stale = await ctx.db
    .update(dataExports)
    .set({ status: 'expired' })
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, ctx.now)))
    .returning({ fileName: dataExports.fileName });
  for (const row of stale) {
    await removeFile(ctx.files, row.fileName);
    expired += 1;
  }
  const waiting = await ctx.db
    .select({ id: dataExports.id, creatorId: dataExports.creatorId, userId: dataExports.userId })
    .from(dataExports)
    .where(eq(dataExports.status, 'requested'))
    .orderBy(dataExports.id)
    .limit(20);
  for (const request of waiting) {
    const content = await readExport(ctx.db, request, ctx.now);
    const fileName = `${randomBytes(16).toString('hex')}.json`;
    // A store that cannot be reached fails this run; the request stays `requested` for the next minute's run.
    await ctx.files.put(
      'exports',
      fileName,
      Buffer.from(JSON.stringify(content, null, 2)),
      'application/json',
    );
    const token = randomBytes(32).toString('base64url');
    const [ready] = await ctx.db
      .update(dataExports)
      .set({
        status: 'ready',
        fileName,
        tokenHash: hashExportToken(token),
        readyAt: ctx.now,
        expiresAt: new Date(ctx.now.getTime() + DATA_EXPORT_LINK_HOURS * 3_600_000),
      })
      .where(and(eq(dataExports.id, request.id), eq(dataExports.status, 'requested')))
      .returning({ id: dataExports.id });
    if (!ready) {
      await removeFile(ctx.files, fileName);
      continue;
    }
    built += 1;
    const [owner] = await ctx.db
      .select({ email: creators.email })
      .from(creators)
      .where(eq(creators.id, request.creatorId));
    try {
      if (owner) await ctx.mailer.send(dataExportReadyMail(ctx.appUrl, owner.email, token));
    } catch (error) {
      ctx.logger.error({ err: error, kind: 'data-export' }, 'could not send the data download mail');
    }
  }
  return { built, expired };
}

/**
 * What a mailed link stands for, before anything is downloaded (issue 41: a used link said "Your file is ready"):
 * its request as its owner sees it (ready, downloaded, expired). Only its signed-in owner; anyone else: 404.
 */
export async function dataExportLink(
  services: ServiceContext,
  userId: string,
  token: string,
): Promise<DataExport> {
  const ctx = atInstant(services);
  const row = await exportOfLink(ctx.db, userId, token);
  return viewOf(row, ctx.now);
}

/** The request behind a mailed link's token, when the signed-in user owns it; anyone else: 404, as for an unknown link. */
async function exportOfLink(db: DatabaseOrTransaction, userId: string, token: string) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.tokenHash, hashExportToken(token)))
    .limit(1);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', DATA_RIGHTS_MESSAGES.linkUnknown);
  return row;
}

/**
 * The download behind the mailed link: only its signed-in owner (anyone else: 404, as for an unknown link), once
 * (then 410), within 24 hours (then 410). The file is deleted once handed out.
 */
export async function downloadDataExport(services: ServiceContext, userId: string, token: string) {
  const ctx = atInstant(services);
  const row = await exportOfLink(ctx.db, userId, token);
  if (row.status === 'downloaded') throw new AppError('GONE', DATA_RIGHTS_MESSAGES.linkUsed);
  if (row.status !== 'ready' || (row.expiresAt && row.expiresAt <= ctx.now)) {
    throw new AppError('GONE', DATA_RIGHTS_MESSAGES.linkExpired);
  }
  const body = row.fileName ? await readExportFile(ctx.files, row.fileName) : null;
  if (!body) throw new AppError('GONE', DATA_RIGHTS_MESSAGES.linkExpired);
  const [claimed] = await ctx.db
    .update(dataExports)
    .set({ status: 'downloaded', downloadedAt: ctx.now })
    .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'ready')))
    .returning({ id: dataExports.id });
  if (!claimed) throw new AppError('GONE', DATA_RIGHTS_MESSAGES.linkUsed);
  await removeFile(ctx.files, row.fileName);
  return { fileName: `mintbox-data-${ctx.now.toISOString().slice(0, 10)}.json`, body };
}

/** A built file's bytes (null: gone); a store that cannot answer is a 503, and the link stays good. */
async function readExportFile(files: FileStore, fileName: string): Promise<Buffer | null> {
  try {
    return await files.read('exports', fileName);
  } catch (error) {
    if (error instanceof FileStoreError) {
      throw new AppError(
        'UNAVAILABLE',
        'Your data file cannot be read just now. Please try the link again shortly.',
      );
    }
    throw error;
  }
}

/** The whole export: every section's rows under its name, with when it was made. */
async function readExport(db: DatabaseOrTransaction, who: ExportSubject, at: Date) {
  const data: Record<string, unknown> = {};
  for (const section of EXPORT_SECTIONS) data[section.name] = await section.read(db, who);
  return { generatedAt: at.toISOString(), sections: EXPORT_SECTIONS.map((s) => s.name), data };
}
