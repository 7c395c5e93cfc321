import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import { PLATFORM_LABELS } from '../../../../shared/constants';
import type { AnalyticsOverview } from '../../../../shared/schemas/content-metrics';
import { AdminEmptyState } from '../../../components/admin/admin-layout';
import { PostFigures } from '../../../components/post-figures';
import { StatCard } from '../../../components/stat-card';
import { TitledCard } from '../../../components/ui/card';
import { FieldFrame, Input } from '../../../components/ui/input';
import { formatNumber } from '../../../lib/format';
import { figure } from './platform-analytics-sections';

const rate = (n: number | null) => (n === null ? '–' : `${n}%`);

/** A day of the analytics range (an empty value is ignored: the range always has both ends). */
export function DayField({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  return (
    <FieldFrame id={id} label={label}>
      <Input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => {
          if (!e.target.value) return;
          onChange(e.target.value);
        }}
        className="w-40"
      />
    </FieldFrame>
  );
}

/** The overview's totals, then its best campaigns, creators and posts (or why there are none). */
export function OverviewFigures({ overview }: { overview: AnalyticsOverview }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatCard
          label="Measured posts"
          value={formatNumber(overview.totals.posts)}
          testId="overview-posts"
        />
        <StatCard label="Views" value={figure(overview.totals.views)} testId="overview-views" />
        <StatCard label="Interactions" value={formatNumber(overview.totals.interactions)} />
        <StatCard label="Engagement rate" value={rate(overview.totals.engagementRate)} />
      </dl>
      {overview.totals.posts === 0 ? (
        <AdminEmptyState
          icon={<BarChart3 aria-hidden="true" className="size-6" />}
          title="No measured posts in this range"
        >
          <p>
            Figures appear once approved posts are read from their platform or entered on a campaign's
            analytics.
          </p>
        </AdminEmptyState>
      ) : (
        <OverviewRankings overview={overview} />
      )}
    </>
  );
}

function OverviewRankings({ overview }: { overview: AnalyticsOverview }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TitledCard title="Best campaigns" heading="h2">
        <ol className="flex flex-col gap-2 text-sm">
          {overview.campaigns.map((c) => (
            <li key={c.campaignId} className="flex flex-wrap items-baseline justify-between gap-2">
              <Link
                to={`/admin/details/${c.campaignId}`}
                className="font-semibold text-mint-700 hover:underline"
              >
                {c.campaignName}
              </Link>
              <span className="text-slate-600">
                {PLATFORM_LABELS[c.platform]} · {figure(c.views)} views · {rate(c.engagementRate)}
              </span>
            </li>
          ))}
        </ol>
      </TitledCard>
      <TitledCard title="Best creators" heading="h2">
        <ol className="flex flex-col gap-2 text-sm">
          {overview.creators.map((c) => (
            <li key={c.creatorId} className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold">
                {c.creatorName} <span className="font-normal text-slate-500">@{c.creatorUsername}</span>
              </span>
              <span className="text-slate-600">
                {formatNumber(c.interactions)} interactions · {rate(c.engagementRate)}
              </span>
            </li>
          ))}
        </ol>
      </TitledCard>
      <TitledCard title="Best posts" heading="h2" className="lg:col-span-2">
        <ol className="flex flex-col divide-y divide-slate-100">
          {overview.posts.map((post) => (
            <li key={`${post.submissionId}:${post.postUrl}`} className="py-3 first:pt-0 last:pb-0">
              <p className="mb-1 text-xs font-medium text-slate-500">
                {post.campaignName} · {post.creatorName}
              </p>
              <PostFigures post={post} />
            </li>
          ))}
        </ol>
      </TitledCard>
    </div>
  );
}
