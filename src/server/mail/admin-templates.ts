import type { DigestContent, DigestSection } from '../../db/queries/admin-digest';
import type { MailMessage } from './mailer';
import { layoutMail } from './templates';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '25 min', '3 h 5 min', '2 days 4 h'. */
function duration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}

type SectionKey = 'applications' | 'submissions' | 'problems' | 'payouts' | 'messages';

/** The digest's sections in their order: what the count is of (one, many), what waits in all, the admin page. */
const DIGEST_SECTIONS: Array<{ key: SectionKey; one: string; many: string; waiting: string; page: string }> =
  [
    {
      key: 'applications',
      one: 'new application',
      many: 'new applications',
      waiting: 'waiting for a decision',
      page: '/admin/campaigns',
    },
    {
      key: 'submissions',
      one: 'submission waiting for review',
      many: 'submissions waiting for review',
      waiting: 'waiting for review in all',
      page: '/admin/campaigns',
    },
    {
      key: 'problems',
      one: 'new delivery problem',
      many: 'new delivery problems',
      waiting: 'open in all',
      page: '/admin/problems',
    },
    {
      key: 'payouts',
      one: 'payout to process',
      many: 'payouts to process',
      waiting: 'to process in all',
      page: '/admin/payments',
    },
    {
      key: 'messages',
      one: 'creator waiting for our reply',
      many: 'creators waiting for our reply',
      waiting: 'waiting in all',
      page: '/admin/messages?filter=waiting',
    },
  ];

/** True when nothing arrived in the period: such a digest is never sent. */
export function isEmptyDigest(content: DigestContent): boolean {
  return DIGEST_SECTIONS.every(({ key }) => content[key].count === 0);
}

/** The admin mail digest (issue 13): what arrived since the last one, a few lines each with links, and what waits. */
export function adminDigestMail(appUrl: string, to: string, content: DigestContent): MailMessage {
  const sections: Array<{ title: string; section: DigestSection; waiting: string; page: string }> =
    DIGEST_SECTIONS.map(({ key, one, many, waiting, page }) => ({
      title: plural(content[key].count, one, many),
      section: content[key],
      waiting: `${content[key].waiting} ${waiting}`,
      page: `${appUrl}${page}`,
    }));
  const paragraphs = ['Here is what happened on Mintbox since your last digest.'];
  for (const { title, section, waiting, page } of sections) {
    if (section.count === 0) continue;
    const more = section.count - section.lines.length;
    paragraphs.push(
      [
        `${title} (${waiting}): ${page}`,
        ...section.lines.map((line) => `• ${line.text}: ${appUrl}${line.path}`),
        ...(more > 0 ? [`• and ${more} more`] : []),
      ].join('\n'),
    );
  }
  const { replies } = content;
  if (replies.count > 0 && replies.medianMinutes !== null && replies.slowestMinutes !== null) {
    paragraphs.push(
      `First replies to creators' messages: ${replies.count}, in ${duration(replies.medianMinutes)} on median (the slowest ${duration(replies.slowestMinutes)}).`,
    );
  }
  paragraphs.push(`You get this digest at most hourly. Switch it off in Settings: ${appUrl}/admin/settings`);
  const counts = sections.filter((s) => s.section.count > 0).map((s) => s.title);
  return layoutMail(appUrl, { to, subject: `Mintbox digest: ${counts.join(', ')}`, paragraphs });
}
