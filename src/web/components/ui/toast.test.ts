import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  getToasts,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  toast,
} from './toast';

describe('toast store', () => {
  afterEach(() => {
    dismissToast();
    vi.useRealTimers();
  });

  it('keeps the spec values: limit 1, 5000 ms, removal after 1,000,000 ms', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('shows one toast at a time: a new toast replaces the one on screen', () => {
    toast({
      title: 'Social login failed',
      description: 'Failed to sign in with Google',
      variant: 'destructive',
    });
    toast({ title: 'TikTok login failed', variant: 'destructive' });
    const shown = getToasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'TikTok login failed', variant: 'destructive', open: true });
  });

  it('a dismissed toast closes at once and leaves the store after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Account connected! Please verify your email to complete registration.' });
    dismissToast(id);
    expect(getToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });
});
