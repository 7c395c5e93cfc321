import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { WAIT_LIMITS, within } from './bounded';

/**
 * A real S3-API server for the tests: s3rver 3.7.1 (MIT, npm), which answers the Amazon S3 REST API as the
 * "Amazon Simple Storage Service API Reference" (API version 2006-03-01) describes it: PutObject, GetObject,
 * HeadObject, DeleteObject and ListObjectsV2 with path-style addressing, and S3's XML error bodies (NoSuchKey 404,
 * NoSuchBucket 404, InvalidAccessKeyId 403). Of a Signature Version 4 request it checks the access key id (its one
 * key, S3RVER) but not the signature itself, so a wrong secret is not caught here (a real S3 answers
 * SignatureDoesNotMatch 403; the client reports both the same way). The app talks to it with the AWS SDK exactly as
 * it would to AWS, R2 or MinIO; no SDK call is mocked. Objects live in a temporary folder removed by close().
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export const S3_TEST_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'mintbox-files';
  const directory = mkdtempSync(path.join(tmpdir(), 'mintbox-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await within('the S3 test server: listen', WAIT_LIMITS.listen, server.run())) as {
    port: number;
  };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_TEST_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEY.secretAccessKey,
    },
    close: async () => {
      await within('the S3 test server: close', WAIT_LIMITS.close, server.close());
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
