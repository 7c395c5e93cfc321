import { reliabilityTips } from '../../../../shared/reliability';
import { ReliabilityFigures } from '../../../components/reliability-figures';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import type { useMyReliability } from '../api/dashboard-queries';

/**
 * The creator's own reliability record on /dashboard (issue 27): the figures brands' admins see, with the counts
 * behind them, and plain sentences on how to improve it.
 */
export function ReliabilityCard({ reliability }: { reliability: ReturnType<typeof useMyReliability> }) {
  return (
    <Card data-testid="my-reliability">
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Your reliability record</h2>
        <p className="text-sm text-slate-600">
          What the team sees when you apply, counted from your campaigns.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {reliability.isPending ? (
          <div
            className="grid grid-cols-2 gap-2 sm:grid-cols-4"
            role="status"
            aria-label="Loading your record"
          >
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : reliability.isError ? (
          <p className="text-sm text-red-700" role="alert">
            Your record could not be loaded: {getErrorMessage(reliability.error)}
          </p>
        ) : (
          <>
            <ReliabilityFigures record={reliability.data.record} />
            <div>
              <h3 className="text-sm font-semibold text-slate-900">How to improve it</h3>
              <ul
                className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700"
                data-testid="reliability-tips"
              >
                {reliabilityTips(reliability.data.record).map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
