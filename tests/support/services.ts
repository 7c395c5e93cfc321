import { tmpdir } from 'node:os';
import type { Database } from '../../src/db/client';
import type { FileStore } from '../../src/server/integrations/file-storage/file-store';
import { localFileStore } from '../../src/server/integrations/file-storage/local-file-store';
import type { PaypalClient } from '../../src/server/integrations/paypal/paypal-client';
import type { Mailer } from '../../src/server/mail/mailer';
import type { Clock } from '../../src/server/process/clock';
import { type Logger, silentLogger } from '../../src/server/process/logger';
import { createServiceContext, type ServiceContext } from '../../src/server/services/service-context';
import { captureMailer } from './capture-mailer';

/**
 * The service context a test hands a service it calls directly (a job's work, a sweep): the same object the app
 * builds per request, with the test's clock (`now: () => clock.now`, tests/support/clock.ts) and a silent logger.
 */
export function testServices(deps: {
  db: Database;
  /** A mailer that keeps what it sends when absent. */
  mailer?: Mailer;
  now?: Clock;
  paypal?: PaypalClient | null;
  appUrl?: string;
  logger?: Logger;
  /** Files in this folder (DATA_DIR's layout), unless `files` is given. */
  dataDir?: string;
  files?: FileStore;
}): ServiceContext {
  return createServiceContext({
    db: deps.db,
    mailer: deps.mailer ?? captureMailer(),
    now: deps.now,
    paypal: deps.paypal ?? null,
    appUrl: deps.appUrl ?? 'http://localhost:3000',
    logger: deps.logger ?? silentLogger(),
    files: deps.files ?? localFileStore(deps.dataDir ?? tmpdir()),
  });
}
