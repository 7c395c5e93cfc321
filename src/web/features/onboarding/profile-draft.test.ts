import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  type DraftStorage,
  draftKey,
  readDraft,
  restoreDraft,
  writeDraft,
} from './profile-draft';
import { profilePrefill } from './profile-form';

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('profile draft', () => {
  it('is kept per creator and read back with its step', () => {
    const storage = memoryStorage();
    writeDraft(storage, 7, { firstName: 'Ana', city: 'Austin' }, 1);
    expect(draftKey(7)).toBe('mintbox.profile-draft.7');
    expect(storage.data.has('mintbox.profile-draft.7')).toBe(true);
    expect(readDraft(storage, 7)).toEqual({ values: { firstName: 'Ana', city: 'Austin' }, step: 1 });
    expect(readDraft(storage, 8)).toBeNull();
  });

  it('keeps only known text fields and survives broken or foreign data', () => {
    const storage = memoryStorage();
    writeDraft(storage, 1, { firstName: 'Ana', tiktokFollowers: 5 as never, nope: 'x' } as never, 0);
    expect(readDraft(storage, 1)?.values).toEqual({ firstName: 'Ana' });
    storage.setItem(draftKey(2), '{not json');
    expect(readDraft(storage, 2)).toBeNull();
    storage.setItem(draftKey(3), JSON.stringify({ values: { city: 42, state: 'TX' }, step: 'two' }));
    expect(readDraft(storage, 3)).toEqual({ values: { state: 'TX' }, step: 0 });
    storage.setItem(draftKey(4), '"just a string"');
    expect(readDraft(storage, 4)).toBeNull();
  });

  it('never throws when storage is blocked or full', () => {
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readDraft(broken, 1)).toBeNull();
    expect(() => writeDraft(broken, 1, { city: 'Austin' }, 0)).not.toThrow();
    expect(() => clearDraft(broken, 1)).not.toThrow();
    expect(readDraft(null, 1)).toBeNull();
  });

  it('is removed by clearDraft', () => {
    const storage = memoryStorage();
    writeDraft(storage, 5, { city: 'Austin' }, 2);
    clearDraft(storage, 5);
    expect(readDraft(storage, 5)).toBeNull();
  });

  it('restores non-empty draft values over the prefill, but never the locked email', () => {
    const prefill = profilePrefill({ displayName: 'Ana López', email: 'ana@example.com' });
    const restored = restoreDraft(prefill, {
      firstName: '',
      lastName: 'Lopez-Diaz',
      city: '  ',
      state: 'TX',
      email: 'old@example.com',
    });
    expect(restored).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lopez-Diaz',
      fullName: 'Ana López',
      city: '',
      state: 'TX',
      email: 'ana@example.com',
    });
    expect(restoreDraft(prefill, null)).toEqual(prefill);
  });
});
