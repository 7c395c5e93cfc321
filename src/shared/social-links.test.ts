import { describe, expect, it } from 'vitest';
import type { Platform } from './constants';
import { HANDLE_MESSAGES, handleLabel, normalizeHandle, profileUrl } from './social-links';

describe('normalizeHandle', () => {
  const cases: Array<[Platform, string, string | null]> = [
    // Instagram: 1-30 letters, digits, periods, underscores; no period first or last, no two in a row.
    ['instagram', 'ana.glow', 'ana.glow'],
    ['instagram', '@ana_glow', 'ana_glow'],
    ['instagram', 'a', 'a'],
    ['instagram', 'a'.repeat(30), 'a'.repeat(30)],
    ['instagram', 'a'.repeat(31), null],
    ['instagram', '.ana', null],
    ['instagram', 'ana.', null],
    ['instagram', 'an..a', null],
    ['instagram', 'ana-glow', null],
    ['instagram', 'https://not a url/@@@', null],
    ['instagram', '@@ana', null],
    ['instagram', 'https://www.instagram.com/ana.glow/', 'ana.glow'],
    ['instagram', 'instagram.com/ana.glow?igsh=abc123', 'ana.glow'],
    ['instagram', 'https://instagram.com/p/C0dE123/', null],
    ['instagram', 'https://www.tiktok.com/@ana', null],
    ['instagram', 'https://evil.example/ana', null],
    // TikTok: 2-24 letters, digits, underscores, periods; not ending with a period.
    ['tiktok', 'ana', 'ana'],
    ['tiktok', '@ana.b_1', 'ana.b_1'],
    ['tiktok', 'a', null],
    ['tiktok', 'a'.repeat(24), 'a'.repeat(24)],
    ['tiktok', 'a'.repeat(25), null],
    ['tiktok', 'ana.', null],
    ['tiktok', 'ana b', null],
    ['tiktok', 'https://www.tiktok.com/@ana.b', 'ana.b'],
    ['tiktok', 'https://www.tiktok.com/@ana/video/7312345678901234567', 'ana'],
    ['tiktok', 'https://www.tiktok.com/ana', null],
    // YouTube: @handle 3-30 letters, digits, underscores, hyphens, periods; or a channel link /channel/UC + 22.
    ['youtube', '@Ana-Glow.1', '@Ana-Glow.1'],
    ['youtube', 'AnaGlow', '@AnaGlow'],
    ['youtube', '@ab', null],
    ['youtube', `@${'a'.repeat(31)}`, null],
    ['youtube', 'https://www.youtube.com/@AnaGlow/videos', '@AnaGlow'],
    ['youtube', 'https://m.youtube.com/channel/UC1234567890abcdefghijkl', 'UC1234567890abcdefghijkl'],
    ['youtube', 'https://www.youtube.com/channel/UC1', null],
    ['youtube', 'https://www.youtube.com/watch?v=abc', null],
    // Facebook page: 5+ letters, digits, periods; or a profile.php?id=N link.
    ['facebook', 'ana.page', 'ana.page'],
    ['facebook', 'anap', null],
    ['facebook', 'ana_page', null],
    ['facebook', 'https://www.facebook.com/ana.page/', 'ana.page'],
    ['facebook', 'https://www.facebook.com/profile.php?id=100012345', 'profile.php?id=100012345'],
    ['facebook', 'https://www.facebook.com/profile.php?id=abc', null],
    ['facebook', 'https://www.facebook.com/groups/12345', null],
  ];

  it.each(cases)('%s %j → %j', (platform, input, kept) => {
    expect(normalizeHandle(platform, input)).toBe(kept);
  });

  it('keeps what it kept: a kept handle reads back as itself', () => {
    for (const [platform, input] of cases) {
      const kept = normalizeHandle(platform, input);
      if (kept !== null) expect(normalizeHandle(platform, kept)).toBe(kept);
    }
  });

  it('gives nothing for an empty handle or an unknown platform', () => {
    expect(normalizeHandle('tiktok', '  ')).toBeNull();
    expect(normalizeHandle('tiktok', null)).toBeNull();
    expect(normalizeHandle('myspace', 'ana')).toBeNull();
  });

  it('names each platform in its message', () => {
    expect(HANDLE_MESSAGES.instagram).toMatch(/^Enter an Instagram username/);
    expect(HANDLE_MESSAGES.tiktok).toMatch(/^Enter a TikTok username/);
    expect(HANDLE_MESSAGES.youtube).toMatch(/^Enter a YouTube handle/);
    expect(HANDLE_MESSAGES.facebook).toMatch(/^Enter a Facebook page name/);
  });
});

describe('profileUrl and handleLabel', () => {
  it('links a handle to its profile page on each platform', () => {
    expect(profileUrl('instagram', '@ana.glow')).toBe('https://www.instagram.com/ana.glow/');
    expect(profileUrl('tiktok', 'ana')).toBe('https://www.tiktok.com/@ana');
    expect(profileUrl('youtube', '@AnaGlow')).toBe('https://www.youtube.com/@AnaGlow');
    expect(profileUrl('youtube', 'UC1234567890abcdefghijkl')).toBe(
      'https://www.youtube.com/channel/UC1234567890abcdefghijkl',
    );
    expect(profileUrl('facebook', 'ana.page')).toBe('https://www.facebook.com/ana.page');
    expect(profileUrl('facebook', 'profile.php?id=42')).toBe('https://www.facebook.com/profile.php?id=42');
  });

  it('makes no link from a handle that fails its rule (records kept before the rule)', () => {
    expect(profileUrl('instagram', 'https://not a url/@@@')).toBeNull();
    expect(profileUrl('instagram', 'https://evil.example/ana')).toBeNull();
    expect(profileUrl('instagram', '@')).toBeNull();
    expect(profileUrl('tiktok', 'a b')).toBeNull();
    expect(profileUrl('tiktok', null)).toBeNull();
  });

  it('reads a handle with its @ where the platform writes one', () => {
    expect(handleLabel('instagram', 'ana.glow')).toBe('@ana.glow');
    expect(handleLabel('tiktok', 'https://www.tiktok.com/@ana')).toBe('@ana');
    expect(handleLabel('youtube', '@AnaGlow')).toBe('@AnaGlow');
    expect(handleLabel('facebook', 'ana.page')).toBe('ana.page');
    expect(handleLabel('instagram', ' not valid ')).toBe('not valid');
    expect(handleLabel('instagram', '')).toBeNull();
  });
});
