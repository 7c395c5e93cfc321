import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import type { AdminRole } from '../../shared/admin-permissions';
import type { RenderPage } from '../../shared/page-render';
import type { UserRole } from '../../shared/schemas/session';
import type { Auth } from '../auth/auth';
import type { FileStore } from '../integrations/file-storage/file-store';
import type { PaypalClient } from '../integrations/paypal/paypal-client';
import type { TrackingClient } from '../integrations/tracking/easypost-tracking';
import type { Mailer } from '../mail/mailer';
import type { Clock } from '../process/clock';
import type { Logger } from '../process/logger';
import type { Metrics } from '../process/metrics';
import type { OpenStreams } from '../services/live/open-streams';
import type { PaymentRunStarter, ServiceContext } from '../services/service-context';

/** What every request handler can reach. */
export interface AppDeps {
  db: Database;
  env: Env;
  logger: Logger;
  /** Folder of the built single-page app (dist/web); when absent only the API is served. */
  webDir?: string | undefined;
  /** The server render of / and /campaign/:id; loaded from dist/ssr next to webDir when absent (decision 0018). */
  renderPage?: RenderPage | undefined;
  /** The clock, injectable so deadline rules can be tested (the wall clock when absent). */
  now?: Clock;
  /** Better Auth; built from db and env when absent. */
  auth?: Auth;
  /** Outgoing mail; built from env when absent. */
  mailer?: Mailer;
  /** Where files live (DATA_DIR or the S3 bucket); built from env when absent. */
  files?: FileStore;
  /** PayPal Payouts; built from env when absent (null: manual payouts). */
  paypal?: PaypalClient | null;
  /** Carrier tracking (EasyPost); built from env when absent (null: not tracked). */
  tracking?: TrackingClient | null;
  /** Prometheus metrics of this process; a fresh registry when absent. */
  metrics?: Metrics;
  /** Set by the shutdown: readiness answers 503 once stopping, and responses close their connection while draining. */
  lifecycle?: ServerLifecycle;
  /** The open event streams and their sessions (issue 42); one per app when absent. */
  streams?: OpenStreams;
  /** Where Process Payment's runs start; in this process when absent (src/server/jobs/payment-runs.ts). */
  paymentRuns?: PaymentRunStarter;
  /** Schema of drizzle's migration bookkeeping when not its default (tests keep it in their own schema). */
  migrationsSchema?: string | undefined;
}

export interface ServerLifecycle {
  /** The shutdown began: readiness answers 503 (connections already waiting are still accepted and answered). */
  stopping?: boolean;
  /** New connections are refused: every answer closes its connection (readiness 503 too). */
  draining: boolean;
}

/** The signed-in user as the server sees them. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: UserRole;
  /** An admin's role in the team (issue 39); null for creators. */
  adminRole: AdminRole | null;
  sessionId: string;
  /** When this session began (a fresh sign-in: closing an account without a password needs one). */
  sessionStartedAt: Date;
  /** An authenticator app is enrolled (Better Auth's two-factor plugin). */
  twoFactorEnabled: boolean;
  /** When this session last checked a second factor (money actions and exports need one in 10 minutes). */
  secondFactorAt: Date | null;
}

export type AppBindings = {
  Variables: {
    deps: AppDeps & {
      now: Clock;
      auth: Auth;
      mailer: Mailer;
      paypal: PaypalClient | null;
      tracking: TrackingClient | null;
      metrics: Metrics;
      files: FileStore;
      streams: OpenStreams;
      paymentRuns: PaymentRunStarter;
    };
    /** Set once per request by the services middleware: what every service call takes (decision 0025). */
    services: ServiceContext;
    requestId: string;
    /** Set by the session middleware: the signed-in user, or null. */
    user: CurrentUser | null;
  };
};
