import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tests/support/free-port';
import { type S3TestServer, startS3Server } from '../../../../tests/support/s3-server';
import type { S3Config } from '../../../config/env-services';
import { copyFiles } from '../../services/file-migration';
import { type FileStore, FileStoreError } from './file-store';
import { localFileStore } from './local-file-store';
import { s3FileStore } from './s3-file-store';

let s3: S3TestServer;
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mintbox-files-'));
  folders.push(dir);
  return dir;
};
const settings = (extra: Partial<S3Config> = {}): S3Config => ({
  bucket: s3.bucket,
  region: 'us-east-1',
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  prefix: '',
  ...extra,
});
let run = 0;
const prefix = () => {
  run += 1;
  return `run-${run}/`;
};

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const names = async (store: FileStore, area: 'uploads' | 'exports') => {
  const all: string[] = [];
  for await (const page of store.list(area)) all.push(...page.map((file) => `${file.name}:${file.size}`));
  return all;
};

describe.each([
  ['the local folder', () => localFileStore(folder())],
  ['an S3 bucket', () => s3FileStore(settings({ prefix: prefix() }))],
])('files in %s', (_, makeStore) => {
  it('keeps, reads, lists and removes files per area; a missing file is null, removing it is no error', async () => {
    const store = makeStore();
    expect(await store.read('uploads', 'aaaa.png')).toBeNull();
    expect(await names(store, 'uploads')).toEqual([]);
    await store.put('uploads', 'aaaa.png', bytes('image one'), 'image/png');
    await store.put('uploads', 'bbbb.png', bytes('image two!'), 'image/png');
    await store.put('exports', 'cccc.json', bytes('{"a":1}'), 'application/json');
    expect((await store.read('uploads', 'aaaa.png'))?.toString()).toBe('image one');
    expect(await store.read('exports', 'aaaa.png')).toBeNull();
    expect(await names(store, 'uploads')).toEqual(['aaaa.png:9', 'bbbb.png:10']);
    expect(await names(store, 'exports')).toEqual(['cccc.json:7']);
    await store.remove('uploads', 'aaaa.png');
    await store.remove('uploads', 'aaaa.png');
    expect(await store.read('uploads', 'aaaa.png')).toBeNull();
    expect(await names(store, 'uploads')).toEqual(['bbbb.png:10']);
  });
});

describe('an S3 bucket that refuses or cannot be reached', () => {
  it('fails with a FileStoreError naming the S3 error, never as a missing file', async () => {
    // s3rver checks the access key id (not the V4 signature itself: see tests/support/s3-server.ts).
    const wrongKey = s3FileStore(
      settings({ credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' } }),
    );
    await expect(wrongKey.read('uploads', 'aaaa.png')).rejects.toThrow(FileStoreError);
    await expect(wrongKey.put('uploads', 'aaaa.png', bytes('x'), 'image/png')).rejects.toThrow(
      /S3 PutObject of uploads\/aaaa\.png in bucket mintbox-files failed: InvalidAccessKeyId \(HTTP 403\)/,
    );
    const noBucket = s3FileStore(settings({ bucket: 'no-such-bucket' }));
    await expect(noBucket.read('uploads', 'aaaa.png')).rejects.toThrow(/NoSuchBucket/);
    const nobody = s3FileStore(settings({ endpoint: `http://127.0.0.1:${await freePort()}` }));
    await expect(nobody.read('uploads', 'aaaa.png')).rejects.toThrow(FileStoreError);
  });
});

describe('npm run files:migrate (copyFiles)', () => {
  it('copies the local files to the bucket, reports counts, and is safe to run again', async () => {
    const local = localFileStore(folder());
    const bucket = s3FileStore(settings({ prefix: prefix() }));
    await local.put('uploads', '0123.png', bytes('png one'), 'image/png');
    await local.put('uploads', '4567.jpg', bytes('jpeg two'), 'image/jpeg');
    await local.put('exports', '89ab.json', bytes('{}'), 'application/json');
    // A file an earlier, interrupted run already copied.
    await bucket.put('uploads', '0123.png', bytes('png one'), 'image/png');

    const first = await copyFiles(local, bucket);
    expect(first).toEqual({
      uploads: { copied: 1, alreadyThere: 1, failed: 0 },
      exports: { copied: 1, alreadyThere: 0, failed: 0 },
    });
    expect((await bucket.read('uploads', '4567.jpg'))?.toString()).toBe('jpeg two');
    expect((await bucket.read('exports', '89ab.json'))?.toString()).toBe('{}');
    // Nothing is deleted locally.
    expect(await names(local, 'uploads')).toEqual(['0123.png:7', '4567.jpg:8']);

    const second = await copyFiles(local, bucket);
    expect(second).toEqual({
      uploads: { copied: 0, alreadyThere: 2, failed: 0 },
      exports: { copied: 0, alreadyThere: 1, failed: 0 },
    });

    // A bucket that cannot be listed stops the run with the S3 error (the CLI says: run it again to resume).
    const refusing = s3FileStore(settings({ prefix: prefix(), bucket: 'no-such-bucket' }));
    await expect(copyFiles(local, refusing)).rejects.toThrow(/ListObjectsV2.*NoSuchBucket/);
  });
});
