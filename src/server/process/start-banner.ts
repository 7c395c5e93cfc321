/**
 * What `npm start` says once it serves (issue 41): where the app is, where its data lives and how to make the first
 * admin. Readable lines on a terminal; the same facts as fields of one JSON line otherwise (`startFacts`).
 */
export interface StartFacts {
  /** The address people open (APP_URL). */
  appUrl: string;
  /** The port this process listens on. */
  port: number;
  /** "PGlite in <folder>" or "PostgreSQL (DATABASE_URL)". */
  database: string;
  /** Where uploaded files and data downloads are kept (a folder, or an S3 bucket). */
  files: string;
  /** "manual" or "PayPal sandbox|live". */
  payouts: string;
  /** Whether mail goes out over SMTP (otherwise it is printed here). */
  mailServer: boolean;
  /** Whether an admin account exists. */
  hasAdmin: boolean;
  launchMode: string;
  startupMs: number;
}

export const FIRST_ADMIN_COMMAND =
  'npm run admin:create -- --email you@example.com --password "a long password"';

/** The JSON line's fields: the facts plus what to do when there is no admin yet. */
export function startFacts(facts: StartFacts): Record<string, unknown> {
  return {
    url: facts.appUrl,
    port: facts.port,
    database: facts.database,
    files: facts.files,
    payouts: facts.payouts,
    mail: facts.mailServer ? 'SMTP' : 'printed to this log',
    launchMode: facts.launchMode,
    startupMs: facts.startupMs,
    ...(facts.hasAdmin ? {} : { firstAdmin: `none yet: ${FIRST_ADMIN_COMMAND}` }),
  };
}

/** The lines a person reads in a terminal. */
export function startBanner(facts: StartFacts): string {
  const admin = `${facts.appUrl}/admin`;
  return [
    `Mintbox is running: open ${facts.appUrl} (listening on port ${facts.port})`,
    `  Data:    ${facts.database}; files in ${facts.files}`,
    `  Payouts: ${facts.payouts === 'manual' ? 'recorded by hand (set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to pay through PayPal)' : facts.payouts}`,
    `  Mail:    ${facts.mailServer ? 'sent over SMTP' : 'printed here, not sent (set SMTP_URL to send it)'}`,
    facts.hasAdmin
      ? `  Admins:  sign in at ${admin}`
      : `  Admins:  none yet. Create the first one with\n             ${FIRST_ADMIN_COMMAND}\n           (or set ADMIN_EMAIL and ADMIN_PASSWORD and restart), then sign in at ${admin}`,
    `  Started in ${facts.startupMs} ms. Ctrl-C stops it.`,
  ].join('\n');
}
