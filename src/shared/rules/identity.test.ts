import { describe, expect, it } from 'vitest';
import { generateUsername, isPlaceholderEmail, profileDisplayName, tiktokPlaceholderEmail } from './identity';

describe('identity rules', () => {
  it('generates a username from the name, then the email, then user + timestamp', () => {
    expect(generateUsername('Ana María-López 2', 'x@y.z')).toBe('anamaralpez2');
    expect(generateUsername('  ', 'glow.girl@example.com')).toBe('glow.girl');
    expect(generateUsername('李', '', 5)).toBe('user5');
    expect(generateUsername('', '', 1_700_000_000_000)).toBe('user1700000000000');
  });

  it('names a social profile by full name, else email local part, else User', () => {
    expect(profileDisplayName('Jo Lee', 'jo@x.com')).toBe('Jo Lee');
    expect(profileDisplayName('', 'jo@x.com')).toBe('jo');
    expect(profileDisplayName(null, null)).toBe('User');
  });

  it('derives the TikTok placeholder address from the open_id on our own domain', () => {
    const email = tiktokPlaceholderEmail('_000Ab-c.D', 'https://mintbox.example');
    expect(email).toBe('000abcd@tiktok.mintbox.example');
    expect(isPlaceholderEmail(email, 'https://mintbox.example')).toBe(true);
    expect(isPlaceholderEmail('someone@gmail.com', 'https://mintbox.example')).toBe(false);
  });
});
