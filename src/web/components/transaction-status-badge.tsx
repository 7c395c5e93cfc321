import { PAYOUT_STATUS_LABELS, type PayoutStatus, statusColour } from '../../shared/payouts';
import { Badge } from './ui/badge';

const LABELS: Record<string, string> = { ...PAYOUT_STATUS_LABELS };

/**
 * A transaction's or payout's status in the spec §4 colours: completed green, pending yellow (processing too),
 * failed red (returned too), anything else grey.
 */
export function TransactionStatusBadge({ status }: { status: PayoutStatus | string }) {
  return (
    <Badge variant={statusColour(status)} data-status={status}>
      {LABELS[status] ?? status}
    </Badge>
  );
}
