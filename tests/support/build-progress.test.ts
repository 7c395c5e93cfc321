import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript run by npm start and the build, without type declarations
import { BUILD_STEPS, runSteps } from '../../scripts/build.mjs';

/** A clock that moves when told, and an output that keeps what was written. */
function harness() {
  let at = 0;
  const written: string[] = [];
  return {
    advance: (ms: number) => {
      at += ms;
    },
    now: () => at,
    out: { write: (text: string) => written.push(text) },
    text: () => written.join(''),
  };
}

describe('the build says what it does (issue 41: a first npm start built for 45 s without a word)', () => {
  it('names each step as it starts and times it as it ends', async () => {
    const h = harness();
    const steps = [{ label: 'the web app' }, { label: 'the server' }];
    const code = await runSteps(
      steps,
      async () => {
        h.advance(2500);
        return 0;
      },
      { out: h.out, now: h.now },
    );
    expect(code).toBe(0);
    expect(h.text()).toBe(
      [
        'Building Mintbox (2 steps; the first build takes about a minute)…',
        '[1/2] the web app…',
        '[1/2] the web app done in 2.5 s.',
        '[2/2] the server…',
        '[2/2] the server done in 2.5 s.',
        'Build ready in 5.0 s.',
        '',
      ].join('\n'),
    );
  });

  it('stops at the first step that fails and says which', async () => {
    const h = harness();
    const ran: string[] = [];
    const code = await runSteps(
      [{ label: 'the web app' }, { label: 'the server' }],
      async (step: { label: string }) => {
        ran.push(step.label);
        return 2;
      },
      { out: h.out, now: h.now },
    );
    expect(code).toBe(2);
    expect(ran).toEqual(['the web app']);
    expect(h.text()).toContain('[1/2] the web app failed after 0.0 s (exit code 2).');
  });

  it('builds the web app, the server render and the server', () => {
    expect(BUILD_STEPS.map((step: { label: string }) => step.label)).toEqual([
      'the web app',
      'the server render',
      'the server',
    ]);
  });
});
