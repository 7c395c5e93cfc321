import { afterEach } from 'vitest';

/**
 * A clock the app reads through `now: () => clock.now`. A test may move it (`set`, `advance`); it goes back to
 * `start` after each test, so no test depends on where the one before left it.
 */
export function fakeClock(start: string) {
  const clock = {
    now: new Date(start),
    set(iso: string) {
      clock.now = new Date(iso);
    },
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  afterEach(() => {
    clock.now = new Date(start);
  });
  return clock;
}
