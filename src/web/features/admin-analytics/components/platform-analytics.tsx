import { BarChart3 } from 'lucide-react';
import { useState } from 'react';
import { PLATFORM_LABELS, type Platform } from '../../../../shared/constants';
import { METRIC_FIELDS, METRIC_LABELS, PLATFORM_METRIC_NOTES } from '../../../../shared/content-metrics';
import {
  type CampaignAnalytics,
  EMPTY_METRIC_TOTALS,
  type PlatformAnalytics,
  type PostMetrics,
} from '../../../../shared/schemas/content-metrics';
import { AdminEmptyState } from '../../../components/admin/admin-layout';
import { MetricsChart } from '../../../components/metrics-chart';
import { PostFigures } from '../../../components/post-figures';
import { StatCard } from '../../../components/stat-card';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import type { TabItem } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { useCan } from '../../../lib/admin-permissions';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useCampaignCreators, useCampaignPosts, useMetricActions } from '../api/content-metrics';
import { EnterMetricsDialog } from './enter-metrics-dialog';
import { AgeDemographics, ShowMore } from './platform-analytics-parts';

/** The platform tabs of /admin/details/:id, in the spec's order (Instagram, TikTok, Facebook), then YouTube. */
const TAB_ORDER: readonly Platform[] = ['instagram', 'tiktok', 'facebook', 'youtube'];

/**
 * One tab per platform, whether or not the campaign has posts there (the spec lists them all): the API sends the
 * platforms with posts (and the campaign's own); the others show their empty state.
 */
export function platformTabItems(data: CampaignAnalytics): TabItem<Platform>[] {
  return TAB_ORDER.map((platform) => {
    const tab = data.platforms.find((p) => p.platform === platform) ?? {
      platform,
      note: PLATFORM_METRIC_NOTES[platform],
      totals: EMPTY_METRIC_TOTALS,
      weeklyChange: { views: 0, interactions: 0 },
      series: [],
      posts: [],
      postCount: 0,
      postsNextCursor: null,
      creators: [],
      creatorCount: 0,
      creatorsNextCursor: null,
    };
    return {
      id: platform,
      label: PLATFORM_LABELS[platform],
      content: (
        <PlatformAnalyticsTab
          campaignId={data.campaign.id}
          tab={tab}
          demographicsNote={data.demographicsNote}
          demographics={data.demographics}
        />
      ),
    };
  });
}

const signed = (n: number) => `${n > 0 ? '+' : ''}${formatNumber(n)}`;
const figure = (n: number | null) => (n === null ? '–' : formatNumber(n));

/** One platform's tab of /admin/details/:id: totals, weekly change, the daily chart, posts and creators. */
export function PlatformAnalyticsTab({
  campaignId,
  tab,
  demographicsNote,
  demographics,
}: {
  campaignId: number;
  tab: PlatformAnalytics;
  demographicsNote: string;
  demographics: CampaignAnalytics['demographics'];
}) {
  const label = PLATFORM_LABELS[tab.platform];
  const [editing, setEditing] = useState<PostMetrics | null>(null);
  const { confirm } = useMetricActions();
  // Entering and confirming figures are the Manager's (the permission table); other roles read them.
  const figures = useCan('POST /admin/submissions/{id}/metrics');
  const postPages = useCampaignPosts(campaignId, tab);
  const creatorPages = useCampaignCreators(campaignId, tab);
  const posts = postPages.data.pages.flatMap((page) => page.items);
  const postCount = postPages.data.pages.at(-1)?.total ?? tab.postCount;
  const creators = creatorPages.data.pages.flatMap((page) => page.items);
  const creatorCount = creatorPages.data.pages.at(-1)?.total ?? tab.creatorCount;
  if (posts.length === 0) {
    return (
      <AdminEmptyState
        icon={<BarChart3 aria-hidden="true" className="size-6" />}
        title={`No ${label} posts yet`}
      >
        <p>Figures appear here once creators submit their posts for this campaign. {tab.note}</p>
      </AdminEmptyState>
    );
  }
  const hasFigures = tab.totals.posts > 0;
  const confirmReport = async (post: PostMetrics) => {
    if (!post.pendingReport) return;
    try {
      await confirm.mutateAsync(post.pendingReport.id);
      toast({ title: 'Report confirmed', description: `${post.creatorName}'s figures now count.` });
    } catch (error) {
      toast({
        title: 'Could not confirm the report',
        description: getErrorMessage(error),
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="flex flex-col gap-6" data-testid={`analytics-${tab.platform}`}>
      <p className="text-sm text-slate-600">{tab.note}</p>
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
      {hasFigures ? (
        <Card>
          <CardContent className="pt-5">
            <MetricsChart series={tab.series} title={`${label}: the last 30 days`} />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Top content</h2>
        </CardHeader>
        <CardContent>
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
                      <div className="flex flex-wrap gap-2">
                        <Button variant="outline" size="sm" onClick={() => setEditing(post)}>
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
                            <Button
                              size="sm"
                              onClick={() => void confirmReport(post)}
                              disabled={confirm.isPending}
                            >
                              Confirm report (
                              {METRIC_FIELDS.filter((f) => post.pendingReport?.[f] !== null)
                                .map(
                                  (f) =>
                                    `${formatNumber(post.pendingReport?.[f] ?? 0)} ${METRIC_LABELS[f].toLowerCase()}`,
                                )
                                .join(', ')}
                              )
                            </Button>
                          </>
                        ) : null}
                      </div>
                    )
                  }
                />
              </li>
            ))}
          </ol>
          <ShowMore pages={postPages} shown={posts.length} total={postCount} noun="posts" testId="posts" />
        </CardContent>
      </Card>
      {creators.length > 0 ? (
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Creators</h2>
          </CardHeader>
          <CardContent>
            <section
              className="overflow-x-auto"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone: reachable from the keyboard
              tabIndex={0}
              aria-label="Creators table"
            >
              <table className="w-full min-w-[28rem] text-sm">
                <thead className="text-left text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 font-semibold">
                      Creator
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      Posts
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      Views
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      Interactions
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      Engagement
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {creators.map((c) => (
                    <tr key={c.influencerId} className="border-t border-slate-100">
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
          </CardContent>
        </Card>
      ) : null}
      {tab.platform === 'instagram' ? (
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Age demographics</h2>
          </CardHeader>
          <CardContent>
            {demographics ? (
              <AgeDemographics demographics={demographics} />
            ) : (
              <p className="text-sm text-slate-600">{demographicsNote}</p>
            )}
          </CardContent>
        </Card>
      ) : null}
      {editing ? <EnterMetricsDialog post={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
