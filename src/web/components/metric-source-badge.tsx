import { METRIC_SOURCE_LABELS, type MetricSource } from '../../shared/content-metrics';
import { Badge } from './ui/badge';

const VARIANTS = { api: 'green', admin: 'blue', creator: 'yellow' } as const;

/** The source of a figure, shown next to it everywhere: API, Admin or Creator. */
export function MetricSourceBadge({ source }: { source: MetricSource | null }) {
  if (!source) return <Badge variant="grey">No figures yet</Badge>;
  return (
    <Badge variant={VARIANTS[source]} data-testid="metric-source">
      <span className="sr-only">Source: </span>
      {METRIC_SOURCE_LABELS[source]}
    </Badge>
  );
}
