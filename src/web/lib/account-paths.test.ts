import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/schemas/session';
import { firstNameOf, homePathFor, signedOutPathFor } from './account-paths';

const creator = (emailVerified: boolean): SessionUser => ({
  id: 'u1',
  name: 'Ana López',
  email: 'ana@example.com',
  image: null,
  role: 'influencer',
  adminRole: null,
  creator: { id: 1, username: 'analopez', emailVerified, profileCompleted: false },
  twoFactor: { enabled: false, required: false, enrolmentRequired: false },
});

describe('homePathFor', () => {
  it('sends admins to campaign management, unverified creators to verification, others to /main', () => {
    expect(homePathFor({ ...creator(true), role: 'admin', creator: null })).toBe('/admin/campaigns');
    expect(homePathFor(creator(false))).toBe('/email-verification');
    expect(homePathFor({ ...creator(false), creator: null })).toBe('/email-verification');
    expect(homePathFor(creator(true))).toBe('/main');
  });
});

describe('firstNameOf', () => {
  it('takes the first word of the display name', () => {
    expect(firstNameOf('  Ana María López ')).toBe('Ana');
    expect(firstNameOf('kim')).toBe('kim');
    expect(firstNameOf('')).toBe('there');
    expect(firstNameOf(null)).toBe('there');
  });
});

describe('signedOutPathFor (issue 41)', () => {
  it('lands an admin on the admin sign-in page and anyone else on /signin', () => {
    expect(signedOutPathFor({ role: 'admin' })).toBe('/admin');
    expect(signedOutPathFor(creator(true))).toBe('/signin');
    expect(signedOutPathFor(null)).toBe('/signin');
  });
});
