import { FILE_AREAS, type FileArea, type FileStore } from '../integrations/file-storage/file-store';

export interface FileMigrationCounts {
  /** Copied by this run. */
  copied: number;
  /** Already in the target with the same size (an earlier run, or uploaded there): left alone. */
  alreadyThere: number;
  /** Could not be read or written; run again to retry them. */
  failed: number;
}

export type FileMigrationReport = Record<FileArea, FileMigrationCounts>;

/**
 * `npm run files:migrate`: copies every file of the local store (DATA_DIR/uploads, DATA_DIR/exports) to the target
 * (the bucket). Resumable and safe to run twice: a file already in the target with the same size is skipped, so an
 * interrupted run picks up where it stopped; nothing is deleted on either side (the local files stay until the
 * operator removes them). `onFile` hears about each file (progress on a terminal).
 */
export async function copyFiles(
  source: FileStore,
  target: FileStore,
  onFile: (
    area: FileArea,
    name: string,
    outcome: keyof FileMigrationCounts,
    error?: unknown,
  ) => void = () => {},
): Promise<FileMigrationReport> {
  const report = {} as FileMigrationReport;
  for (const area of FILE_AREAS) {
    const counts: FileMigrationCounts = { copied: 0, alreadyThere: 0, failed: 0 };
    report[area] = counts;
    const present = new Map<string, number>();
    for await (const page of target.list(area)) for (const file of page) present.set(file.name, file.size);
    for await (const page of source.list(area)) {
      for (const file of page) {
        if (present.get(file.name) === file.size) {
          counts.alreadyThere += 1;
          onFile(area, file.name, 'alreadyThere');
          continue;
        }
        try {
          const bytes = await source.read(area, file.name);
          if (!bytes) continue; // removed meanwhile (an expired download): nothing to copy
          await target.put(area, file.name, bytes, contentTypeOf(file.name));
          counts.copied += 1;
          onFile(area, file.name, 'copied');
        } catch (error) {
          counts.failed += 1;
          onFile(area, file.name, 'failed', error);
        }
      }
    }
  }
  return report;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  json: 'application/json',
};

function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
