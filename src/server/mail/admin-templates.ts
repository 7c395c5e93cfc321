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

/** True when nothing arrived in the period: such a digest is never sent. */
export function isEmptyDigest(content: DigestContent): boolean {
  return (
    content.applications.count +
      content.submissions.count +
      content.problems.count +
      content.payouts.count +
      content.messages.count ===
    0
  );
}

/** The admin mail digest (issue 13): what arrived since the last one, a few lines each with links, and what waits. */
export function adminDigestMail(appUrl: string, to: string, content: DigestContent): MailMessage {
  const sections: Array<{ title: string; section: DigestSection; waiting: string; page: string }> = [
    {
      title: plural(content.applications.count, 'new application', 'new applications'),
      section: content.applications,
      waiting: `${content.applications.waiting} waiting for a decision`,
      page: `${appUrl}/admin/campaigns`,
    },
    {
      title: plural(
        content.submissions.count,
        'submission waiting for review',
        'submissions waiting for review',
      ),
      section: content.submissions,
      waiting: `${content.submissions.waiting} waiting for review in all`,
      page: `${appUrl}/admin/campaigns`,
    },
    {
      title: plural(content.problems.count, 'new delivery problem', 'new delivery problems'),
      section: content.problems,
      waiting: `${content.problems.waiting} open in all`,
      page: `${appUrl}/admin/problems`,
    },
    {
      title: plural(content.payouts.count, 'payout to process', 'payouts to process'),
      section: content.payouts,
      waiting: `${content.payouts.waiting} to process in all`,
      page: `${appUrl}/admin/payments`,
    },
    {
      title: plural(
        content.messages.count,
        'creator waiting for our reply',
        'creators waiting for our reply',
      ),
      section: content.messages,
      waiting: `${content.messages.waiting} waiting in all`,
      page: `${appUrl}/admin/messages?filter=waiting`,
    },
  ];
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
