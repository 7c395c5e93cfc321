import type { Database } from '../db/client';
import type { Env } from './env';
import type { Logger } from './logger';

/** What every request handler can reach. */
export interface AppDeps {
  db: Database;
  env: Env;
  logger: Logger;
  /** Folder of the built single-page app (dist/web); when absent only the API is served. */
  webDir?: string | undefined;
  /** The clock, injectable so deadline rules can be tested. */
  now?: () => Date;
}

export type AppBindings = {
  Variables: {
    deps: AppDeps;
    requestId: string;
  };
};
