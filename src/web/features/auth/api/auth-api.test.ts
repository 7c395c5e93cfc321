import { describe, expect, it } from 'vitest';
import { providerNotConfiguredMessage } from '../../../../shared/schemas/auth';
import { callbackErrorMessage } from './auth-api';

describe('callbackErrorMessage', () => {
  it("is 'Authentication failed' when nothing better is known (spec §8)", () => {
    expect(callbackErrorMessage(null)).toBe('Authentication failed');
    expect(callbackErrorMessage('some_unknown_code')).toBe('Authentication failed');
  });

  it('turns Better Auth and OAuth codes into readable text', () => {
    expect(callbackErrorMessage('state_mismatch')).toMatch(/expired/);
    expect(callbackErrorMessage('access_denied')).toMatch(/cancelled/);
    expect(callbackErrorMessage('ACCOUNT_NOT_LINKED')).toMatch(/already exists/);
  });

  it("passes a sentence through (the TikTok route's not-configured message) and uses a description for unknown codes", () => {
    expect(callbackErrorMessage(providerNotConfiguredMessage('tiktok'))).toBe(
      providerNotConfiguredMessage('tiktok'),
    );
    expect(callbackErrorMessage('odd_code', 'The provider said no.')).toBe('The provider said no.');
  });
});
