import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/schemas/session';
import { copyrightLine, supportLinks } from './site-footer';

const creator = {
  role: 'influencer',
  creator: { emailVerified: true },
} as unknown as SessionUser;
const admin = { role: 'admin', creator: null } as unknown as SessionUser;

describe('the site footer (issue 41)', () => {
  it('offers sign-in and sign-up only to visitors', () => {
    expect(supportLinks(null).map((l) => l.label)).toEqual(['Sign In', 'Create an Account', 'Dashboard']);
    const signedIn = supportLinks(creator);
    expect(signedIn).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'My Profile', to: '/profile' },
    ]);
    expect(supportLinks(admin)).toEqual([{ label: 'Admin Dashboard', to: '/admin/campaigns' }]);
  });

  it('runs the copyright from 2025 to the current year', () => {
    expect(copyrightLine(null)).toBe('© 2025 Mintbox. All rights reserved.');
    expect(copyrightLine(2025)).toBe('© 2025 Mintbox. All rights reserved.');
    expect(copyrightLine(2026)).toBe('© 2025–2026 Mintbox. All rights reserved.');
  });
});
