import { METRIC_FIELDS, METRIC_LABELS } from '../../../../shared/content-metrics';
import type {
  CampaignAnalytics,
  PlatformAnalytics,
  PostMetrics,
} from '../../../../shared/schemas/content-metrics';
import { PostFigures } from '../../../components/post-figures';
import { StatCard } from '../../../components/stat-card';
import { Button } from '../../../components/ui/button';
import { TitledCard } from '../../../components/ui/card';
import { TableHead } from '../../../components/ui/table-head';
import { formatNumber } from '../../../lib/format';
import type { useCampaignCreators, useCampaignPosts } from '../api/content-metrics';
import { AgeDemographics, ShowMore } from './platform-analytics-parts';

/** The sections of a platform's tab of /admin/details/:id (platform-analytics.tsx), top to bottom. */

const signed = (n: number) => `${n > 0 ? '+' : ''}${formatNumber(n)}`;
export const figure = (n: number | null) => (n === null ? '–' : formatNumber(n));

/** The platform's totals, its engagement rate and this week's change. */
export function PlatformTotals({ tab }: { tab: PlatformAnalytics }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {METRIC_FIELDS.filter((f) => f !== 'reach' || tab.totals.reach !== null).map((f) => (
        <StatCard key={f} label={METRIC_LABELS[f]} value={figure(tab.totals[f])} testId={`total-${f}`} />
      ))}
      <StatCard
        label="Engagement rate"
        value={tab.totals.engagementRate === null ? '–' : `${tab.totals.engagementRate}%`}
        note="Interactions / views (or followers where views are unknown)"
        testId="total-engagement-rate"
      />
      <StatCard
        label="This week"
        value={`${signed(tab.weeklyChange.views)} views`}
        note={`${signed(tab.weeklyChange.interactions)} interactions`}
        testId="weekly-change"
      />
    </dl>
  );
}

/** The posts, best first, each with its figures (and, for a Manager, entering and confirming them). */
export function TopContent({
  posts,
  postPages,
  postCount,
  figures,
  onEdit,
  onConfirm,
  confirming,
}: {
  posts: PostMetrics[];
  postPages: ReturnType<typeof useCampaignPosts>;
  postCount: number;
  /** Whether the admin's role may enter and confirm figures. */
  figures: boolean;
  onEdit: (post: PostMetrics) => void;
  onConfirm: (post: PostMetrics) => void;
  confirming: boolean;
}) {
  return (
    <TitledCard title="Top content" heading="h2">
      <ol className="flex flex-col divide-y divide-slate-100">
        {posts.map((post) => (
          <li key={`${post.submissionId}:${post.postUrl}`} className="py-3 first:pt-0 last:pb-0">
            <p className="mb-1 text-xs font-medium text-slate-500">
              {post.creatorName} · @{post.creatorUsername}
            </p>
            <PostFigures
              post={post}
              actions={
                !figures ? undefined : (
                  <PostActions
                    post={post}
                    onEdit={() => onEdit(post)}
                    onConfirm={() => onConfirm(post)}
                    confirming={confirming}
                  />
                )
              }
            />
          </li>
        ))}
      </ol>
      <ShowMore pages={postPages} shown={posts.length} total={postCount} noun="posts" testId="posts" />
    </TitledCard>
  );
}

/** Enter or correct a post's figures; confirm the creator's pending report after viewing its screenshot. */
function PostActions({
  post,
  onEdit,
  onConfirm,
  confirming,
}: {
  post: PostMetrics;
  onEdit: () => void;
  onConfirm: () => void;
  confirming: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={onEdit}>
        {post.source ? 'Correct figures' : 'Enter figures'}
      </Button>
      {post.pendingReport ? (
        <>
          <a
            href={post.pendingReport.screenshotUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center text-sm font-semibold text-mint-700 hover:underline"
          >
            View screenshot
          </a>
          <Button size="sm" onClick={onConfirm} disabled={confirming}>
            Confirm report (
            {METRIC_FIELDS.filter((f) => post.pendingReport?.[f] !== null)
              .map((f) => `${formatNumber(post.pendingReport?.[f] ?? 0)} ${METRIC_LABELS[f].toLowerCase()}`)
              .join(', ')}
            )
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** The creators' figures on this platform, a table that scrolls sideways on a phone. */
export function CreatorsCard({
  creators,
  creatorPages,
  creatorCount,
}: {
  creators: PlatformAnalytics['creators'];
  creatorPages: ReturnType<typeof useCampaignCreators>;
  creatorCount: number;
}) {
  return (
    <TitledCard title="Creators" heading="h2">
      <section
        className="overflow-x-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone: reachable from the keyboard
        tabIndex={0}
        aria-label="Creators table"
      >
        <table className="w-full min-w-[28rem] text-sm">
          <TableHead
            className="text-left text-slate-600"
            cellClassName="py-2 font-semibold"
            columns={[
              'Creator',
              { label: 'Posts', className: 'text-right' },
              { label: 'Views', className: 'text-right' },
              { label: 'Interactions', className: 'text-right' },
              { label: 'Engagement', className: 'text-right' },
            ]}
          />
          <tbody>
            {creators.map((c) => (
              <tr key={c.creatorId} className="border-t border-slate-100">
                <th scope="row" className="py-2 text-left font-medium">
                  {c.creatorName} <span className="text-slate-500">@{c.creatorUsername}</span>
                </th>
                <td className="py-2 text-right tabular-nums">{c.posts}</td>
                <td className="py-2 text-right tabular-nums">{figure(c.views)}</td>
                <td className="py-2 text-right tabular-nums">{formatNumber(c.interactions)}</td>
                <td className="py-2 text-right tabular-nums">
                  {c.engagementRate === null ? '–' : `${c.engagementRate}%`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ShowMore
        pages={creatorPages}
        shown={creators.length}
        total={creatorCount}
        noun="creators"
        testId="creators"
      />
    </TitledCard>
  );
}

/** Instagram only: the followers' ages, or why there are none. */
export function DemographicsCard({
  demographics,
  demographicsNote,
}: {
  demographics: CampaignAnalytics['demographics'];
  demographicsNote: string;
}) {
  return (
    <TitledCard title="Age demographics" heading="h2">
      {demographics ? (
        <AgeDemographics demographics={demographics} />
      ) : (
        <p className="text-sm text-slate-600">{demographicsNote}</p>
      )}
    </TitledCard>
  );
}
