// npm run files:migrate — copies the files in DATA_DIR (uploads, data downloads) to the S3 bucket of S3_BUCKET.
// Resumable and safe to run twice (files already in the bucket with the same size are skipped); deletes nothing.
import { EnvError, loadEnv } from '../../config/env';
import { localFileStore } from '../integrations/file-storage/local-file-store';
import { s3FileStore } from '../integrations/file-storage/s3-file-store';
import { copyFiles } from '../services/file-migration';

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(2);
}
if (!env.s3) {
  console.error(
    'S3_BUCKET is not set: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, the keys) to the bucket the files should move to, then run npm run files:migrate again.',
  );
  process.exit(2);
}

const source = localFileStore(env.dataDir);
const target = s3FileStore(env.s3);
console.log(`Copying files from ${source.location} to ${target.location} …`);
let done = 0;
const report = await copyFiles(source, target, (area, name, outcome, error) => {
  done += 1;
  if (outcome === 'failed') {
    console.error(`  ${area}/${name}: ${error instanceof Error ? error.message : String(error)}`);
  } else if (done % 500 === 0) {
    console.log(`  ${done} files looked at …`);
  }
}).catch((error: unknown) => {
  console.error(
    `Stopped: ${error instanceof Error ? error.message : String(error)}. Run it again to resume.`,
  );
  process.exit(1);
});
let failed = 0;
for (const [area, counts] of Object.entries(report)) {
  failed += counts.failed;
  console.log(
    `${area}: ${counts.copied} copied, ${counts.alreadyThere} already in the bucket, ${counts.failed} failed`,
  );
}
console.log(
  failed > 0
    ? `${failed} file(s) failed: run npm run files:migrate again to retry them.`
    : 'Done. Start the servers with S3_BUCKET set; the local copies can be removed once the site shows the images.',
);
process.exitCode = failed > 0 ? 1 : 0;
