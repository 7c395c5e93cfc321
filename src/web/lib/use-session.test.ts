import { describe, expect, it } from 'vitest';
import { dashboardPathFor, forgetLocalUserData } from './use-session';

class MemoryStorage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  clear() {
    this.data.clear();
  }
}

describe('session helpers', () => {
  it("forgets the app's own stored data at sign-out and leaves other keys", () => {
    const storage = new MemoryStorage();
    storage.setItem('mintbox.profile-draft.7', '{"paypalEmail":"a@b.co"}');
    storage.setItem('mintbox.profile-draft.8', '{}');
    storage.setItem('other-app', 'keep');
    forgetLocalUserData(storage as unknown as Storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('other-app')).toBe('keep');
  });

  it('sends the Dashboard button where the spec says', () => {
    expect(dashboardPathFor(null)).toBe('/signin');
    const base = {
      id: 'u',
      name: 'N',
      email: 'e',
      image: null,
      adminRole: null,
      twoFactor: { enabled: false, required: false, enrolmentRequired: false },
    };
    expect(dashboardPathFor({ ...base, role: 'admin', adminRole: 'owner', creator: null })).toBe(
      '/admin/campaigns',
    );
    const creator = { id: 1, username: 'n', emailVerified: false, profileCompleted: false };
    expect(dashboardPathFor({ ...base, role: 'influencer', creator })).toBe('/email-verification');
    expect(
      dashboardPathFor({ ...base, role: 'influencer', creator: { ...creator, emailVerified: true } }),
    ).toBe('/dashboard');
  });
});
