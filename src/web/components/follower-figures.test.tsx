import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FollowerFigures } from './follower-figures';

const AT = '2026-11-25T10:00:00.000Z';

describe('FollowerFigures (issue 41)', () => {
  it('reads "reading…" instead of a verified 0 beside a stated count', () => {
    const html = renderToStaticMarkup(<FollowerFigures stated={1_230} verified={0} verifiedAt={AT} />);
    expect(html).toContain('Verified · reading…');
    expect(html).toContain('1,230');
    expect(html).not.toMatch(/>0</);
  });

  it('reads "reading…" for a connected account whose count has not arrived', () => {
    const html = renderToStaticMarkup(
      <FollowerFigures stated={null} verified={null} verifiedAt={null} connected />,
    );
    expect(html).toContain('Verified · reading…');
  });

  it('shows the count once it is read', () => {
    const html = renderToStaticMarkup(
      <FollowerFigures stated={1_230} verified={1_310} verifiedAt={AT} connected />,
    );
    expect(html).toContain('1,310');
    expect(html).toContain('Verified · read');
    expect(html).not.toContain('reading…');
  });
});
