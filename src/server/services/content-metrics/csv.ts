import { METRIC_FIELDS, METRIC_LABELS, METRIC_SOURCE_LABELS } from '../../../shared/content-metrics';
import type { AnalyticsOverview, PostMetrics } from '../../../shared/schemas/content-metrics';
import { csvLine, csvText } from '../transactions-csv';

/* The analytics exports: a campaign's posts, the overview's best campaigns, creators and posts. */

const POST_CSV_HEADER = [
  'Platform',
  'Campaign',
  'Creator',
  'Username',
  'Post',
  ...METRIC_FIELDS.map((f) => METRIC_LABELS[f]),
  'Interactions',
  'Engagement rate (%)',
  'Source',
  'Measured at (UTC)',
];

const cell = (n: number | null) => (n === null ? '' : String(n));

function postCsvLine(p: PostMetrics): string {
  return csvLine([
    p.platform,
    csvText(p.campaignName),
    csvText(p.creatorName),
    csvText(p.creatorUsername),
    csvText(p.postUrl),
    ...METRIC_FIELDS.map((f) => cell(p[f])),
    String(p.interactions),
    cell(p.engagementRate),
    p.source ? METRIC_SOURCE_LABELS[p.source] : '',
    p.measuredAt ? p.measuredAt.replace('T', ' ').replace(/\.\d+Z$/, '') : '',
  ]);
}

/**
 * Every post of a campaign (`campaignPostsForCsv`: tab by tab, most viewed first), one line each (UTF-8 with a
 * byte-order mark for spreadsheets).
 */
export function campaignAnalyticsCsv(posts: PostMetrics[]): string {
  return `\uFEFF${csvLine(POST_CSV_HEADER)}${posts.map(postCsvLine).join('')}`;
}

/** The overview's best campaigns, best creators and best posts, as three sections of one CSV file. */
export function overviewCsv(o: AnalyticsOverview): string {
  const lines = [
    csvLine(['Section', 'Name', 'Platform', 'Posts', 'Views', 'Interactions', 'Engagement rate (%)']),
    csvLine([
      'Total',
      csvText(`${o.from} to ${o.to}`),
      '',
      String(o.totals.posts),
      cell(o.totals.views),
      String(o.totals.interactions),
      cell(o.totals.engagementRate),
    ]),
    ...o.campaigns.map((c) =>
      csvLine([
        'Campaign',
        csvText(c.campaignName),
        c.platform,
        String(c.posts),
        cell(c.views),
        String(c.interactions),
        cell(c.engagementRate),
      ]),
    ),
    ...o.creators.map((c) =>
      csvLine([
        'Creator',
        csvText(`${c.creatorName} (@${c.creatorUsername})`),
        '',
        String(c.posts),
        cell(c.views),
        String(c.interactions),
        cell(c.engagementRate),
      ]),
    ),
    ...o.posts.map((p) =>
      csvLine([
        'Post',
        csvText(p.postUrl),
        p.platform,
        '1',
        cell(p.views),
        String(p.interactions),
        cell(p.engagementRate),
      ]),
    ),
  ];
  return `\uFEFF${lines.join('')}`;
}
