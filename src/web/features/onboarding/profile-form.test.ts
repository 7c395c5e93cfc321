import { describe, expect, it } from 'vitest';
import { profileSchema } from '../../../shared/schemas/profile';
import {
  completeProfilePayload,
  emptyProfileValues,
  formValuesFromProfile,
  PROFILE_FIELD_NAMES,
  type ProfileFormValues,
  parseCount,
  profilePrefill,
  resumeStep,
  splitDisplayName,
  stepOfField,
  tierPreview,
} from './profile-form';

const VALID: ProfileFormValues = {
  ...emptyProfileValues(),
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@example.com',
  paypalEmail: 'pay@example.com',
  phoneNumber: '(415) 555-0134',
  primaryCategory: 'Beauty',
  secondaryCategory: 'Travel',
  instagramFollowers: '12,500',
  fullName: 'Ana López',
  addressLine1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '73301',
  shippingPhone: '+1 415 555 0134',
};

describe('splitDisplayName', () => {
  it('takes the first word as the first name and the rest as the last name', () => {
    expect(splitDisplayName('Ana María López')).toEqual({ firstName: 'Ana', lastName: 'María López' });
    expect(splitDisplayName('  Kim   Park ')).toEqual({ firstName: 'Kim', lastName: 'Park' });
    expect(splitDisplayName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitDisplayName('')).toEqual({ firstName: '', lastName: '' });
    expect(splitDisplayName(null)).toEqual({ firstName: '', lastName: '' });
  });
});

describe('profilePrefill', () => {
  it('fills the names, the full name (= display name) and the email, and leaves the rest empty', () => {
    const values = profilePrefill({ displayName: ' Ana  María López ', email: 'ana@example.com' });
    expect(values).toMatchObject({
      firstName: 'Ana',
      lastName: 'María López',
      fullName: 'Ana María López',
      email: 'ana@example.com',
      paypalEmail: '',
      state: '',
    });
    expect(Object.keys(values).sort()).toEqual([...PROFILE_FIELD_NAMES].sort());
  });

  it('fills the handles the account already knows, such as the TikTok username read at sign-in (issue 41)', () => {
    const values = profilePrefill({
      displayName: 'Dance Queen',
      email: '',
      socialAccounts: [
        { platform: 'tiktok', handle: 'dance.queen' },
        { platform: 'instagram', handle: null },
      ],
    });
    expect(values.tiktokHandle).toBe('dance.queen');
    expect(values.instagramHandle).toBe('');
  });
});

describe('formValuesFromProfile', () => {
  it('turns counts into text and missing values into empty strings', () => {
    const values = formValuesFromProfile({
      firstName: 'Ana',
      tiktokFollowers: 1200,
      youtubeSubscribers: null,
    });
    expect(values.firstName).toBe('Ana');
    expect(values.tiktokFollowers).toBe('1200');
    expect(values.youtubeSubscribers).toBe('');
    expect(values.city).toBe('');
    expect(formValuesFromProfile(null)).toEqual(emptyProfileValues());
  });
});

describe('steps', () => {
  it('knows which step asks each field', () => {
    expect(stepOfField('paypalEmail')).toBe(0);
    expect(stepOfField('secondaryCategory')).toBe(1);
    expect(stepOfField('zipCode')).toBe(2);
    expect(stepOfField('tiktokHandle')).toBe(1);
    expect(stepOfField('instagramFollowers')).toBe(1);
    expect(stepOfField('addressLine2')).toBe(2);
    expect(stepOfField('nickname')).toBe(-1);
  });

  it('resumes a draft on its saved step only when the earlier steps still validate', () => {
    expect(resumeStep(VALID, 2)).toBe(2);
    expect(resumeStep({ ...VALID, primaryCategory: '' }, 2)).toBe(1);
    expect(resumeStep({ ...VALID, phoneNumber: '123' }, 2)).toBe(0);
    // Optional fields count too: a bad follower count or the same category twice keeps the draft on step 2.
    expect(resumeStep({ ...VALID, tiktokFollowers: '12k' }, 2)).toBe(1);
    expect(resumeStep({ ...VALID, secondaryCategory: VALID.primaryCategory }, 2)).toBe(1);
    expect(resumeStep(emptyProfileValues(), 0)).toBe(0);
    expect(resumeStep(VALID, 7)).toBe(2);
    expect(resumeStep(VALID, -3)).toBe(0);
  });
});

describe('tier preview', () => {
  it('reads counts the way the schema does', () => {
    expect(parseCount('12,500')).toBe(12500);
    expect(parseCount(' 1 000 ')).toBe(1000);
    expect(parseCount('')).toBeUndefined();
    expect(parseCount('12k')).toBeUndefined();
  });

  it('takes the highest single platform, not the sum', () => {
    expect(tierPreview({ tiktokFollowers: '', instagramFollowers: '', youtubeSubscribers: '' })).toEqual({
      tier: 'Micro',
      highest: 0,
      total: 0,
    });
    expect(
      tierPreview({ tiktokFollowers: '9,000', instagramFollowers: '9000', youtubeSubscribers: '' }),
    ).toEqual({ tier: 'Nano', highest: 9000, total: 18000 });
    expect(
      tierPreview({ tiktokFollowers: '10001', instagramFollowers: '', youtubeSubscribers: '' }).tier,
    ).toBe('Mid-Tier');
    expect(
      tierPreview({ tiktokFollowers: '', instagramFollowers: '', youtubeSubscribers: '100001' }).tier,
    ).toBe('Mega');
  });

  it('builds the complete-profile payload with the tier, the follower total and profile_completed', () => {
    const profile = profileSchema.parse({ ...VALID, tiktokFollowers: '60000', youtubeSubscribers: '' });
    expect(completeProfilePayload(profile)).toMatchObject({
      firstName: 'Ana',
      instagramFollowers: 12500,
      tiktokFollowers: 60000,
      influencer_tier: 'Macro',
      total_followers: 72500,
      profile_completed: true,
    });
  });
});
