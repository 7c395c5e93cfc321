import { cn } from '../lib/cn';
import { formatFollowers, formatNumber, formatShortDate } from '../lib/format';
import { Badge } from './ui/badge';

/**
 * One platform's audience: the count read from the platform with the creator's connected account, marked
 * "Verified · read <date>", and the count the creator typed, marked "Stated". Either may be missing. A connected
 * account whose count has not arrived (none yet, or a 0 beside a stated count: the platform has not counted it)
 * reads "Verified · reading…", never "0" (issue 41).
 */
export function FollowerFigures({
  stated,
  verified,
  verifiedAt,
  compact = false,
  connected = false,
  className,
}: {
  stated: number | null | undefined;
  verified: number | null | undefined;
  verifiedAt: string | null | undefined;
  /** Short counts (12.4K) for cards. */
  compact?: boolean;
  /** The creator connected this platform's account, so a verified count is on its way. */
  connected?: boolean;
  className?: string;
}) {
  const format = compact ? formatFollowers : formatNumber;
  const hasStated = typeof stated === 'number';
  const notCounted = verified === 0 && hasStated && stated > 0;
  const hasVerified = typeof verified === 'number' && verifiedAt && !notCounted;
  const reading = !hasVerified && (notCounted || connected);
  if (!hasVerified && !hasStated && !reading)
    return <span className={cn('text-slate-400', className)}>—</span>;
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-2 gap-y-1 tabular-nums', className)}>
      {reading ? (
        <span className="inline-flex items-center gap-1.5" data-testid="verified-followers">
          <Badge variant="secondary" className="gap-1">
            Verified · reading…
          </Badge>
        </span>
      ) : null}
      {hasVerified ? (
        <span className="inline-flex items-center gap-1.5" data-testid="verified-followers">
          <span className="font-medium">{format(verified)}</span>
          <Badge variant="green" className="gap-1">
            Verified · read <time dateTime={verifiedAt}>{formatShortDate(verifiedAt)}</time>
          </Badge>
        </span>
      ) : null}
      {hasStated ? (
        <span className="inline-flex items-center gap-1.5" data-testid="stated-followers">
          <span className={hasVerified ? 'text-slate-500' : 'font-medium'}>{format(stated)}</span>
          <Badge variant="secondary">Stated</Badge>
        </span>
      ) : null}
    </span>
  );
}
