import type { Handler } from 'hono';
import type { PlatformDataDeletionRow } from '../../db/schema/content-metrics';
import { PRODUCT_NAME } from '../../shared/constants';
import type { AppBindings } from '../http/context';
import { findDataDeletion } from '../services/instagram-data-deletion';
import { plainHtmlPage } from './plain-html-page';
import { escapeHtml } from './web-meta';

/*
 * GET /data-deletion/<confirmation code>: the status page of a Deauthorize or Data Deletion request from Instagram
 * (the url our Data Deletion callback gives Meta). Server-rendered, plain words, no script: anyone with the code may
 * open it; it names no creator and shows no figure, only what was removed and when.
 */

const when = (date: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sentences of the page for one request. */
export function dataDeletionStatusText(row: PlatformDataDeletionRow): string[] {
  const asked =
    row.kind === 'deauthorize'
      ? `On ${when(row.requestedAt)}, Instagram told us that ${PRODUCT_NAME} was removed from an Instagram account.`
      : `On ${when(row.requestedAt)}, Instagram sent us a request to delete the data ${PRODUCT_NAME} obtained from an Instagram account.`;
  const done = row.completedAt
    ? `The deletion was completed on ${when(row.completedAt)}.`
    : 'The deletion is in progress.';
  if (row.removed.connections === 0)
    return [asked, `We held no data from this Instagram account, so there was nothing to delete.`, done];
  return [
    asked,
    `We disconnected the Instagram account from ${PRODUCT_NAME} and deleted its access token, the follower count read from it and the ages of its followers.`,
    `We deleted ${plural(row.removed.snapshots, 'reading', 'readings')} of post figures (views, reach, likes, comments, shares and saves) that we had read from Instagram, and we no longer read figures for those posts.`,
    'Figures typed in by our team or reported by the creator with a screenshot did not come from Instagram and are not part of this request.',
    done,
  ];
}

/** The status page: its title as heading, then its paragraphs and the links home and to the privacy policy. */
function page(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `    <p>${escapeHtml(p)}</p>`).join('\n');
  return plainHtmlPage({
    title,
    robots: 'noindex',
    style: [
      'body { font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937; margin: 0; padding: 2rem 1rem; }',
      'main { max-width: 40rem; margin: 0 auto; }',
      'h1 { font-size: 1.5rem; }',
      'code { font-size: 0.95em; word-break: break-all; }',
    ],
    main: `    <h1>${escapeHtml(title)}</h1>
${body}
    <p><a href="/">${escapeHtml(PRODUCT_NAME)}</a> · <a href="/privacy">Privacy Policy</a></p>`,
  });
}

export const dataDeletionPage: Handler<AppBindings> = async (c) => {
  const code = c.req.param('code') ?? '';
  const row = await findDataDeletion(c.get('deps').db, code);
  c.header('Cache-Control', 'no-store');
  if (!row) {
    return c.html(
      page('Deletion request not found', [
        'We have no deletion request with this confirmation code. Check that the link is the one Instagram gave you, complete and unchanged.',
      ]),
      404,
    );
  }
  return c.html(
    page('Instagram data deletion', [
      `Confirmation code: ${row.confirmationCode}`,
      ...dataDeletionStatusText(row),
    ]),
    200,
  );
};
