import type { ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../../config/env-services';
import { type FileArea, type FileStore, FileStoreError, type StoredFileInfo } from './file-store';

type S3Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<S3Sdk> | undefined;
/** AWS's SDK, loaded by the first call to a bucket: a server without S3_BUCKET never loads it (decision 0084). */
const loadSdk = () => {
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
};

/** Each attempt's limits; the SDK retries what is safe to retry (its standard strategy, 3 attempts). */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** AWS's client for the bucket's endpoint, with each attempt's time limits and the checksums other stores read. */
function s3Client({ S3Client }: S3Sdk, settings: S3Config): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    maxAttempts: 3,
    // Checksums only where S3 requires them: R2, MinIO and other S3-compatible stores do not all read the
    // trailing checksums the SDK adds by default since early 2025.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

/** The SDK and the bucket's client, made on the first call. */
interface Connection {
  sdk: S3Sdk;
  client: S3Client;
}

/** A failed call, said with the action, the key and the bucket (S3's error name and HTTP status when it has them). */
function s3Failure(
  { S3ServiceException }: S3Sdk,
  bucket: string,
  action: string,
  key: string,
  error: unknown,
): FileStoreError {
  const reason =
    error instanceof S3ServiceException
      ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`
      : error instanceof Error
        ? error.message
        : String(error);
  return new FileStoreError(`S3 ${action} of ${key} in bucket ${bucket} failed: ${reason}`, { cause: error });
}

/** Only a missing key is "no such file": a missing bucket (NoSuchBucket, also a 404) is a configuration fault. */
const isMissing = ({ S3ServiceException }: S3Sdk, error: unknown) =>
  error instanceof S3ServiceException && error.name === 'NoSuchKey';

/** The files directly in one area (no deeper keys), a page of ListObjectsV2 at a time. */
async function* listArea(
  connect: () => Promise<Connection>,
  bucket: string,
  areaPrefix: string,
): AsyncGenerator<StoredFileInfo[]> {
  const { sdk, client } = await connect();
  let token: string | undefined;
  do {
    let page: ListObjectsV2CommandOutput;
    try {
      page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: areaPrefix, ContinuationToken: token }),
      );
    } catch (error) {
      throw s3Failure(sdk, bucket, 'ListObjectsV2', areaPrefix, error);
    }
    const files: StoredFileInfo[] = (page.Contents ?? [])
      .filter((item) => item.Key && !item.Key.slice(areaPrefix.length).includes('/'))
      .map((item) => ({
        name: item.Key!.slice(areaPrefix.length),
        size: item.Size ?? 0,
        modifiedAt: item.LastModified ?? new Date(0),
      }));
    if (files.length > 0) yield files;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/**
 * Files in an S3-compatible bucket, through AWS's own SDK (v3). The calls follow the Amazon S3 API Reference
 * (API version 2006-03-01): PutObject, GetObject, DeleteObject and ListObjectsV2. Keys are `<prefix><area>/<name>`.
 */
export function s3FileStore(settings: S3Config): FileStore {
  let connection: Promise<Connection> | undefined;
  const connect = () => {
    connection ??= loadSdk().then((loaded) => ({ sdk: loaded, client: s3Client(loaded, settings) }));
    return connection;
  };
  const { bucket, prefix } = settings;
  const keyOf = (area: FileArea, name: string) => `${prefix}${area}/${name}`;

  return {
    kind: 's3',
    location: `s3://${bucket}/${prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    async put(area, name, bytes, contentType) {
      const key = keyOf(area, name);
      const { sdk, client } = await connect();
      try {
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.byteLength,
          }),
        );
      } catch (error) {
        throw s3Failure(sdk, bucket, 'PutObject', key, error);
      }
    },
    async read(area, name) {
      const key = keyOf(area, name);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw s3Failure(sdk, bucket, 'GetObject', key, error);
      }
    },
    async remove(area, name) {
      const key = keyOf(area, name);
      const { sdk, client } = await connect();
      try {
        // S3 answers 204 for a key that does not exist too.
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (isMissing(sdk, error)) return;
        throw s3Failure(sdk, bucket, 'DeleteObject', key, error);
      }
    },
    list: (area) => listArea(connect, bucket, `${prefix}${area}/`),
  };
}
