import { describe, expect, it } from 'vitest';
import { profileUrl } from './social-links';

describe('profileUrl', () => {
  it('links a handle to its profile page on each platform', () => {
    expect(profileUrl('instagram', '@ana.glow')).toBe('https://www.instagram.com/ana.glow/');
    expect(profileUrl('tiktok', 'ana')).toBe('https://www.tiktok.com/@ana');
    expect(profileUrl('youtube', '@AnaGlow')).toBe('https://www.youtube.com/@AnaGlow');
    expect(profileUrl('facebook', 'ana.page')).toBe('https://www.facebook.com/ana.page');
  });

  it('keeps a full link to the same platform and refuses links elsewhere', () => {
    expect(profileUrl('youtube', 'https://www.youtube.com/channel/UC1')).toBe(
      'https://www.youtube.com/channel/UC1',
    );
    expect(profileUrl('instagram', 'https://evil.example/ana')).toBeNull();
  });

  it('gives nothing for an empty handle and escapes odd characters', () => {
    expect(profileUrl('tiktok', '  ')).toBeNull();
    expect(profileUrl('tiktok', null)).toBeNull();
    expect(profileUrl('instagram', '@')).toBeNull();
    expect(profileUrl('tiktok', 'a b')).toBe('https://www.tiktok.com/@a%20b');
  });
});
