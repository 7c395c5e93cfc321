import { describe, expect, it } from 'vitest';
import { base32Decode, totpCode } from './totp';

describe('the tests’ own TOTP', () => {
  it('gives RFC 6238’s SHA-1 test values (appendix B, last 6 digits)', () => {
    // The RFC's key is the ASCII "12345678901234567890".
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(base32Decode(secret).toString('ascii')).toBe('12345678901234567890');
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(secret, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(secret, 20_000_000_000_000)).toBe('353130');
  });
});
