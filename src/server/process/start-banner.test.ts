import { describe, expect, it } from 'vitest';
import { FIRST_ADMIN_COMMAND, type StartFacts, startBanner, startFacts } from './start-banner';

const FACTS: StartFacts = {
  appUrl: 'http://localhost:3000',
  port: 3000,
  database: 'PGlite database in /srv/mintbox/data/pglite',
  files: '/srv/mintbox/data',
  payouts: 'manual',
  mailServer: false,
  hasAdmin: false,
  launchMode: 'marketplace',
  startupMs: 812,
};

describe('what npm start says (issue 41)', () => {
  it('tells a person where the app is, where the data lives and how to make the first admin', () => {
    const banner = startBanner(FACTS);
    expect(banner).toContain('Mintbox is running: open http://localhost:3000');
    expect(banner).toContain(
      'Data:    PGlite database in /srv/mintbox/data/pglite; files in /srv/mintbox/data',
    );
    expect(banner).toContain(FIRST_ADMIN_COMMAND);
    expect(banner).toContain('ADMIN_EMAIL and ADMIN_PASSWORD');
    expect(banner).toContain('sign in at http://localhost:3000/admin');
    expect(banner).toContain('set SMTP_URL');
    expect(banner).not.toContain('{');
  });

  it('once an admin exists, says where admins sign in', () => {
    const banner = startBanner({ ...FACTS, hasAdmin: true, mailServer: true, payouts: 'PayPal sandbox' });
    expect(banner).toContain('Admins:  sign in at http://localhost:3000/admin');
    expect(banner).not.toContain('admin:create');
    expect(banner).toContain('PayPal sandbox');
  });

  it('gives a log collector the same facts as fields', () => {
    expect(startFacts(FACTS)).toMatchObject({
      url: 'http://localhost:3000',
      database: 'PGlite database in /srv/mintbox/data/pglite',
      files: '/srv/mintbox/data',
      firstAdmin: `none yet: ${FIRST_ADMIN_COMMAND}`,
    });
    expect(startFacts({ ...FACTS, hasAdmin: true })).not.toHaveProperty('firstAdmin');
  });
});
