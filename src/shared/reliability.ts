import type { Reliability } from './schemas/reliability';

/** One line of a reliability record: what it is, the figure, and the counts behind it (never a bare score). */
export interface ReliabilityFigure {
  id: 'accepted' | 'on_time' | 'late' | 'missed' | 'first_approved' | 'problems' | 'days_to_post';
  label: string;
  value: string;
  counts: string;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const share = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);

/** The record as the admin's applicant card, the creator page and the creator's dashboard show it. */
export function reliabilityFigures(r: Reliability): ReliabilityFigure[] {
  return [
    {
      id: 'accepted',
      label: 'Applications accepted',
      value: r.accepted.toLocaleString('en-US'),
      counts: `of ${plural(r.applications, 'application')}`,
    },
    {
      id: 'on_time',
      label: 'Posts on time',
      value: r.onTime.toLocaleString('en-US'),
      counts: `${share(r.onTime, r.due)} of ${plural(r.due, 'post')} due`,
    },
    {
      id: 'late',
      label: 'Posts late',
      value: r.late.toLocaleString('en-US'),
      counts: `${share(r.late, r.due)} of ${plural(r.due, 'post')} due`,
    },
    {
      id: 'missed',
      label: 'Posts missed',
      value: r.missed.toLocaleString('en-US'),
      counts: `${share(r.missed, r.due)} of ${plural(r.due, 'post')} due`,
    },
    {
      id: 'first_approved',
      label: 'Approved at first submission',
      value: r.firstApproved.toLocaleString('en-US'),
      counts: `of ${plural(r.firstReviewed, 'reviewed submission')}`,
    },
    {
      id: 'problems',
      label: 'Delivery problems reported',
      value: r.problemsReported.toLocaleString('en-US'),
      counts: `on ${plural(r.boxesShipped, 'PR box', 'PR boxes')} shipped`,
    },
    {
      id: 'days_to_post',
      label: 'Average days from delivery to post',
      value: r.averageDaysToPost === null ? '–' : r.averageDaysToPost.toFixed(1),
      counts: `over ${plural(r.deliveryToPostCount, 'post')} after a delivery`,
    },
  ];
}

/** Plain sentences telling a creator how to improve their record (what brands see); empty advice is never invented. */
export function reliabilityTips(r: Reliability): string[] {
  const tips: string[] = [];
  if (r.applications === 0) {
    tips.push('Apply to a campaign: your record starts with your first accepted application.');
    return tips;
  }
  if (r.missed > 0)
    tips.push(
      `You missed ${plural(r.missed, 'post')}. Post before your upload deadline; if you cannot, tell us before it passes.`,
    );
  if (r.late > 0)
    tips.push(
      `${plural(r.late, 'post')} came after the day ${r.late === 1 ? 'it was' : 'they were'} due. Once a delivery problem is resolved, post as soon as you can.`,
    );
  if (r.firstReviewed > r.firstApproved)
    tips.push(
      'Read the content guidelines before you post: content approved at the first submission counts in your favour.',
    );
  if (r.averageDaysToPost !== null && r.averageDaysToPost > 5)
    tips.push('Post sooner after your PR box arrives: brands look at the days from delivery to post.');
  if (tips.length === 0)
    tips.push(
      r.due === 0
        ? 'Once you are accepted, post before your upload deadline: every post on time builds your record.'
        : 'Keep it up: every post so far was on time.',
    );
  return tips;
}
