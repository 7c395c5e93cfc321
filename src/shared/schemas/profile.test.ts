import { describe, expect, it } from 'vitest';
import { HANDLE_MESSAGES } from '../social-links';
import {
  countedFollowers,
  creatorTier,
  profileSchema,
  tierFromAccounts,
  totalCountedFollowers,
  totalFollowers,
  US_PHONE_PATTERN,
} from './profile';

const valid = {
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.com',
  paypalEmail: 'pay@example.com',
  phoneNumber: '(415) 555-0134',
  primaryCategory: 'Beauty',
  secondaryCategory: 'Fashion',
  tiktokHandle: '',
  tiktokFollowers: '',
  instagramHandle: '@ana',
  instagramFollowers: '12,500',
  youtubeHandle: '',
  youtubeSubscribers: '',
  fullName: 'Ana Lee',
  addressLine1: '1 Market St',
  addressLine2: '',
  city: 'San Francisco',
  state: 'CA',
  zipCode: '94105-1234',
  shippingPhone: '+1 415 555 0134',
};

describe('profile rules', () => {
  it('tiers from the verified count where there is one, and says which count decided', () => {
    const ig = { platform: 'instagram', followers: 5_000, verifiedFollowers: 62_000 };
    const tt = { platform: 'tiktok', followers: 20_000, verifiedFollowers: null };
    expect(tierFromAccounts([ig, tt])).toEqual({
      tier: 'Macro',
      basis: 'verified',
      basisPlatform: 'instagram',
      basisLabel: 'Tier from verified Instagram followers',
    });
    // A verified count lower than the stated one lowers the tier; a higher stated count elsewhere decides.
    expect(tierFromAccounts([{ ...ig, verifiedFollowers: 800 }, tt])).toMatchObject({
      tier: 'Mid-Tier',
      basisLabel: 'Tier from stated followers',
    });
    expect(tierFromAccounts([{ ...ig, verifiedFollowers: 800 }])).toMatchObject({
      tier: 'Micro',
      basisLabel: 'Tier from verified Instagram followers',
    });
    expect(tierFromAccounts([])).toMatchObject({ tier: 'Micro', basisLabel: 'Tier from stated followers' });
  });

  it('never replaces a stated count with a verified 0 (a platform not done counting; issue 41)', () => {
    const ig = { platform: 'instagram', followers: 1_230, verifiedFollowers: 0 };
    const tt = { platform: 'tiktok', followers: 5_400, verifiedFollowers: null };
    expect(countedFollowers(ig)).toBe(1_230);
    expect(totalCountedFollowers([ig, tt])).toBe(6_630);
    expect(tierFromAccounts([{ ...ig, followers: 60_000 }])).toMatchObject({
      tier: 'Macro',
      basisLabel: 'Tier from stated followers',
    });
    // With nothing stated, the 0 read is the count.
    expect(countedFollowers({ followers: null, verifiedFollowers: 0 })).toBe(0);
    expect(countedFollowers({ followers: 1_230, verifiedFollowers: 900 })).toBe(900);
  });

  it('tiers creators by their highest single-platform count at the spec thresholds', () => {
    const cases: Array<[number, string]> = [
      [0, 'Micro'],
      [999, 'Micro'],
      [1_000, 'Nano'],
      [10_000, 'Nano'],
      [10_001, 'Mid-Tier'],
      [50_000, 'Mid-Tier'],
      [50_001, 'Macro'],
      [100_000, 'Macro'],
      [100_001, 'Mega'],
    ];
    for (const [count, tier] of cases) expect(creatorTier([count, 10, undefined]), String(count)).toBe(tier);
    // Highest single platform, not the sum.
    expect(creatorTier([600, 600, 600])).toBe('Micro');
    expect(creatorTier([])).toBe('Micro');
  });

  it('parses follower inputs as integers, empty as undefined, and sums missing as 0', () => {
    const profile = profileSchema.parse(valid);
    expect(profile.instagramFollowers).toBe(12_500);
    expect(profile.tiktokFollowers).toBeUndefined();
    expect(profile.addressLine2).toBeUndefined();
    expect(totalFollowers(profile)).toBe(12_500);
  });

  it('keeps only the handle of each platform and refuses what fails its rule, naming the field', () => {
    const profile = profileSchema.parse({
      ...valid,
      instagramHandle: 'https://www.instagram.com/ana.glow/',
      tiktokHandle: '@ana_tok',
      youtubeHandle: 'youtube.com/@AnaGlow',
    });
    expect(profile.instagramHandle).toBe('ana.glow');
    expect(profile.tiktokHandle).toBe('ana_tok');
    expect(profile.youtubeHandle).toBe('@AnaGlow');
    for (const [field, input, message] of [
      ['instagramHandle', 'https://not a url/@@@', HANDLE_MESSAGES.instagram],
      ['tiktokHandle', 'ana.', HANDLE_MESSAGES.tiktok],
      ['youtubeHandle', 'https://www.youtube.com/channel/UC1', HANDLE_MESSAGES.youtube],
      ['instagramHandle', 'x'.repeat(400), HANDLE_MESSAGES.instagram],
    ] as const) {
      const result = profileSchema.safeParse({ ...valid, [field]: input });
      expect(result.success, input).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
    }
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['lastName', ' ', 'Last name is required'],
    ['email', 'nope', 'Invalid email format'],
    ['paypalEmail', 'pay@', 'Invalid PayPal email format'],
    ['phoneNumber', '123-456-7890', 'Please enter a valid US phone number'],
    ['primaryCategory', '', 'Primary category is required'],
    ['secondaryCategory', 'Knitting', 'Secondary category is required'],
    ['fullName', '', 'Full name is required'],
    ['addressLine1', '', 'Address line 1 is required'],
    ['city', '', 'City is required'],
    ['state', 'XX', 'State is required'],
    ['zipCode', '9410', 'Please enter a valid ZIP code'],
    ['shippingPhone', '555-0134', 'Please enter a valid US phone number'],
    ['instagramFollowers', '12k', 'Please enter a whole number'],
  ])('rejects a bad %s with the spec message', (field, value, message) => {
    const result = profileSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it('refuses the same category twice, on the secondary one, alongside the other errors', () => {
    const result = profileSchema.safeParse({ ...valid, firstName: '', secondaryCategory: 'Beauty' });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['firstName', 'First name is required'],
      ['secondaryCategory', 'Choose a secondary category different from the primary one'],
    ]);
  });

  it('accepts US phone numbers with or without +1 and separators, and rejects area codes starting 0 or 1', () => {
    for (const ok of ['4155550134', '+14155550134', '1-415-555-0134', '(415) 555-0134']) {
      expect(US_PHONE_PATTERN.test(ok), ok).toBe(true);
    }
    for (const bad of ['0155550134', '4151550134', '415555013', '+44 20 7946 0958']) {
      expect(US_PHONE_PATTERN.test(bad), bad).toBe(false);
    }
  });
});
