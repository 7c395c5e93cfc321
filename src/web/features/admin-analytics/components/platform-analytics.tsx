import { BarChart3 } from 'lucide-react';
import { useState } from 'react';
import { PLATFORM_LABELS, type Platform } from '../../../../shared/constants';
import { PLATFORM_METRIC_NOTES } from '../../../../shared/content-metrics';
import {
  type CampaignAnalytics,
  EMPTY_METRIC_TOTALS,
  type PlatformAnalytics,
  type PostMetrics,
} from '../../../../shared/schemas/content-metrics';
import { AdminEmptyState } from '../../../components/admin/admin-layout';
import { toastFailure } from '../../../components/failure-toast';
import { MetricsChart } from '../../../components/metrics-chart';
import { Card, CardContent } from '../../../components/ui/card';
import type { TabItem } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { useCan } from '../../../lib/admin-permissions';
import { useCampaignCreators, useCampaignPosts, useMetricActions } from '../api/content-metrics';
import { EnterMetricsDialog } from './enter-metrics-dialog';
import { CreatorsCard, DemographicsCard, PlatformTotals, TopContent } from './platform-analytics-sections';

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

interface PlatformAnalyticsTabProps {
  campaignId: number;
  tab: PlatformAnalytics;
  demographicsNote: string;
  demographics: CampaignAnalytics['demographics'];
}

/** One platform's tab of /admin/details/:id: totals, weekly change, the daily chart, posts and creators. */
export function PlatformAnalyticsTab({
  campaignId,
  tab,
  demographicsNote,
  demographics,
}: PlatformAnalyticsTabProps) {
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
      toastFailure('Could not confirm the report', error);
    }
  };
  return (
    <div className="flex flex-col gap-6" data-testid={`analytics-${tab.platform}`}>
      <p className="text-sm text-slate-600">{tab.note}</p>
      <PlatformTotals tab={tab} />
      {hasFigures ? (
        <Card>
          <CardContent className="pt-5">
            <MetricsChart series={tab.series} title={`${label}: the last 30 days`} />
          </CardContent>
        </Card>
      ) : null}
      <TopContent
        posts={posts}
        postPages={postPages}
        postCount={postCount}
        figures={figures}
        onEdit={setEditing}
        onConfirm={(post) => void confirmReport(post)}
        confirming={confirm.isPending}
      />
      {creators.length > 0 ? (
        <CreatorsCard creators={creators} creatorPages={creatorPages} creatorCount={creatorCount} />
      ) : null}
      {tab.platform === 'instagram' ? (
        <DemographicsCard demographics={demographics} demographicsNote={demographicsNote} />
      ) : null}
      {editing ? <EnterMetricsDialog post={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
