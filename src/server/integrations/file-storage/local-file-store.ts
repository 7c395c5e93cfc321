import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileArea, FileStore, StoredFileInfo } from './file-store';

const LIST_PAGE = 500;

/** The folder of an area under DATA_DIR: DATA_DIR/uploads, DATA_DIR/exports (as before issue 40). */
export function localAreaDir(dataDir: string, area: FileArea): string {
  return path.join(dataDir, area);
}

/** Files in DATA_DIR: the default, for one instance (`npm start` needs nothing more). */
export function localFileStore(dataDir: string): FileStore {
  const fileOf = (area: FileArea, name: string) =>
    path.join(localAreaDir(dataDir, area), path.basename(name));
  return {
    kind: 'local',
    location: dataDir,
    async put(area, name, bytes) {
      await mkdir(localAreaDir(dataDir, area), { recursive: true });
      // Data downloads hold a person's whole record: readable by the server's user only.
      await writeFile(fileOf(area, name), bytes, area === 'exports' ? { mode: 0o600 } : {});
    },
    async read(area, name) {
      return readFile(fileOf(area, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
        throw error;
      });
    },
    async remove(area, name) {
      await unlink(fileOf(area, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async *list(area) {
      const names = (await readdir(localAreaDir(dataDir, area)).catch(() => [] as string[])).sort();
      for (let i = 0; i < names.length; i += LIST_PAGE) {
        const page: StoredFileInfo[] = [];
        for (const name of names.slice(i, i + LIST_PAGE)) {
          const info = await stat(fileOf(area, name)).catch(() => null);
          if (info?.isFile()) page.push({ name, size: info.size, modifiedAt: info.mtime });
        }
        if (page.length > 0) yield page;
      }
    },
  };
}
