import type { Env } from '../../../config/env';
import type { FileStore } from './file-store';
import { localFileStore } from './local-file-store';
import { s3FileStore } from './s3-file-store';

/** The store the configuration names: the bucket of S3_BUCKET, else the DATA_DIR folder. */
export function fileStoreFromEnv(env: Pick<Env, 's3' | 'dataDir'>): FileStore {
  return env.s3 ? s3FileStore(env.s3) : localFileStore(env.dataDir);
}
