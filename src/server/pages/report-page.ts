import type { Context, Handler } from 'hono';
import { PRODUCT_NAME } from '../../shared/constants';
import { postPreview } from '../../shared/post-preview';
import type { AppBindings } from '../http/context';
import { AppError } from '../http/errors';
import { clientAddress } from '../middleware/session';
import { type BrandReport, openReport } from '../services/report-links/open';
import { plainHtmlPage } from './plain-html-page';
import { escapeHtml } from './web-meta';

/*
 * GET /report/<token> (and POST with the password form): a campaign's read-only report for its brand (issue 39).
 * Server-rendered plain HTML without script or outside requests, so nothing but what is written here reaches the
 * browser: no creator's name, email, address, phone, PayPal address, tax data or note. `noindex` in the page and in
 * X-Robots-Tag. 404 for a link that never existed, 410 for a revoked or expired one, 429 past the rate limit.
 */

const number = (value: number | null) =>
  value === null ? '–' : new Intl.NumberFormat('en-US').format(value);
const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 4 }).format(
    value,
  );
const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(2)}%`);
const day = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** A page of the report: the body's HTML, then the line that says what the page is. */
function page(title: string, body: string): string {
  return plainHtmlPage({
    title,
    robots: 'noindex, nofollow',
    meta: ['<meta name="referrer" content="no-referrer">'],
    style: [
      'body { font-family: system-ui, sans-serif; line-height: 1.5; color: #0f172a; margin: 0; padding: 1.5rem 1rem; background: #f8fafc; }',
      'main { max-width: 56rem; margin: 0 auto; }',
      'h1 { font-size: 1.5rem; margin: 0 0 .25rem; }',
      '.figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .75rem; margin: 1rem 0; }',
      '.figure { background: #fff; border: 1px solid #e2e8f0; border-radius: .75rem; padding: .75rem; }',
      '.figure dt { font-size: .8rem; color: #64748b; } .figure dd { margin: 0; font-size: 1.25rem; font-weight: 700; }',
      'ul.posts { list-style: none; padding: 0; display: grid; gap: .75rem; }',
      'ul.posts li { background: #fff; border: 1px solid #e2e8f0; border-radius: .75rem; padding: .75rem; overflow-wrap: anywhere; }',
      '.muted { color: #64748b; font-size: .875rem; }',
      'form { display: flex; flex-direction: column; gap: .5rem; max-width: 20rem; }',
      'input, button { font: inherit; padding: .6rem .75rem; border-radius: .5rem; border: 1px solid #cbd5e1; }',
      'button { background: #0f766e; color: #fff; border: 0; font-weight: 600; }',
      '.error { color: #b91c1c; }',
    ],
    main: `${body}
    <p class="muted">${escapeHtml(PRODUCT_NAME)} · a read-only report</p>`,
  });
}

function reportBody(report: BrandReport): string {
  const figures: Array<[string, string, string]> = [
    ['Approved posts', number(report.totals.posts), 'report-posts'],
    ['Views', number(report.totals.views), 'report-views'],
    ['Engagement', percent(report.totals.engagementRate), 'report-engagement'],
    ['Cost per view', report.costPerView === null ? '–' : usd(report.costPerView), 'report-cost-per-view'],
    ...(report.spend === null
      ? []
      : [['Spend', usd(report.spend), 'report-spend'] as [string, string, string]]),
  ];
  const posts = report.posts.length
    ? `<ul class="posts" data-testid="report-post-list">${report.posts
        .map((post) => {
          const preview = postPreview(post.url);
          const safeUrl = /^https?:\/\//i.test(post.url) ? post.url : '#';
          return `<li data-testid="report-post"><strong>${escapeHtml(preview.platformLabel)} ${escapeHtml(preview.kind)}</strong>${
            preview.handle ? ` · ${escapeHtml(preview.handle)}` : ''
          }<br><a href="${escapeHtml(safeUrl)}" rel="noopener noreferrer nofollow">${escapeHtml(preview.display)}</a><br><span class="muted">${number(post.views)} views · ${number(post.likes)} likes · ${number(post.comments)} comments · ${number(post.shares)} shares · ${number(post.saves)} saves</span></li>`;
        })
        .join('')}</ul>`
    : '<p>No post is approved yet.</p>';
  return `    <h1>${escapeHtml(report.campaign.name)}</h1>
    <p class="muted">${escapeHtml(report.campaign.brand)} · ${escapeHtml(report.label)} · this link works until ${escapeHtml(day(report.expiresAt))}</p>
    <dl class="figures">${figures
      .map(
        ([label, value, id]) =>
          `<div class="figure"><dt>${label}</dt><dd data-testid="${id}">${escapeHtml(value)}</dd></div>`,
      )
      .join('')}</dl>
    <h2>Approved content</h2>
    ${posts}`;
}

function passwordBody(token: string, wrong: boolean): string {
  return `    <h1>This report is protected</h1>
    <p>Enter the password you were given with the link.</p>
    ${wrong ? '<p class="error" role="alert">That password is not correct.</p>' : ''}
    <form method="post" action="/report/${encodeURIComponent(token)}">
      <label for="report-password">Password</label>
      <input id="report-password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit">Open the report</button>
    </form>`;
}

async function answer(c: Context<AppBindings>, password: string | undefined) {
  const token = c.req.param('token') ?? '';
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  const { auth } = c.get('deps');
  let opening: Awaited<ReturnType<typeof openReport>>;
  try {
    opening = await openReport(c.get('services'), auth, token, password, clientAddress(c));
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.html(
        page('Too many requests', `    <h1>Too many requests</h1>\n    <p>${escapeHtml(error.message)}</p>`),
        429,
      );
    }
    throw error;
  }
  switch (opening.kind) {
    case 'missing':
      return c.html(
        page(
          'Report not found',
          '    <h1>Report not found</h1>\n    <p>There is no report at this link. Check that it is complete and unchanged.</p>',
        ),
        404,
      );
    case 'gone':
      return c.html(
        page(
          'Report no longer available',
          '    <h1>This report is no longer available</h1>\n    <p>The link was revoked or has expired. Ask the team that sent it for a new one.</p>',
        ),
        410,
      );
    case 'password':
      return c.html(page('Protected report', passwordBody(token, opening.wrong)), opening.wrong ? 401 : 200);
    case 'report':
      return c.html(page(opening.report.campaign.name, reportBody(opening.report)), 200);
  }
}

export const reportPage: Handler<AppBindings> = (c) => answer(c, undefined);

export const reportPasswordPage: Handler<AppBindings> = async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const password = typeof form.password === 'string' ? form.password.slice(0, 200) : '';
  return answer(c, password);
};
