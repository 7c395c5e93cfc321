import type { ReactNode } from 'react';
import { METRIC_FIELDS, METRIC_LABELS } from '../../shared/content-metrics';
import type { PostMetrics } from '../../shared/schemas/content-metrics';
import { formatDateTime, formatNumber } from '../lib/format';
import { MetricSourceBadge } from './metric-source-badge';
import { PostPreview } from './post-preview';

/** A post's counted figures (unknown ones left out), its engagement rate, source and when it was measured. */
export function PostFigures({ post, actions }: { post: PostMetrics; actions?: ReactNode }) {
  const known = METRIC_FIELDS.filter((f) => post[f] !== null);
  return (
    <div className="flex flex-col gap-2" data-testid="post-figures">
      <div className="flex flex-wrap items-center gap-2">
        <PostPreview
          url={post.postUrl}
          preview={post.preview}
          className="w-full sm:w-auto sm:max-w-md sm:flex-1"
        />
        <MetricSourceBadge source={post.source} />
      </div>
      {known.length > 0 ? (
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {known.map((f) => (
            <div key={f} className="flex gap-1.5">
              <dt className="text-slate-600">{METRIC_LABELS[f]}</dt>
              <dd className="font-semibold tabular-nums" data-testid={`post-${f}`}>
                {formatNumber(post[f] ?? 0)}
              </dd>
            </div>
          ))}
          {post.engagementRate !== null ? (
            <div className="flex gap-1.5">
              <dt className="text-slate-600">Engagement rate</dt>
              <dd className="font-semibold tabular-nums">{post.engagementRate}%</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {post.measuredAt ? (
        <p className="text-xs text-slate-500">Measured {formatDateTime(post.measuredAt)}</p>
      ) : null}
      {post.pendingReport ? (
        <p className="text-xs text-amber-800">
          A creator report from {formatDateTime(post.pendingReport.measuredAt)} is waiting for confirmation.
        </p>
      ) : null}
      {actions}
    </div>
  );
}
