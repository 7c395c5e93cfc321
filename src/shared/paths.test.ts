import { describe, expect, it } from 'vitest';
import { isAppRoute } from './paths';

describe('app routes', () => {
  it.each([
    '/',
    '/main',
    '/campaign/5',
    '/campaign/5/',
    '/admin',
    '/admin/details/1',
    '/terms',
    '/auth/callback',
    '/admin/messages',
    '/admin/problems',
    '/admin/two-factor',
    '/account-closed',
    '/data-export/abc',
    '/admin/influencers/4',
  ])('%s is a page of the app', (path) => expect(isAppRoute(path)).toBe(true));

  it.each(['/nope', '/campaign', '/campaign/5/extra', '/admin/unknown', '/mainx'])('%s is not', (path) =>
    expect(isAppRoute(path)).toBe(false),
  );
});
