import {
  PAYOUT_STATUS_LABELS,
  type PayoutStatus,
  statusColour,
  type TransactionStatus,
} from '../../shared/payouts';
import { Badge } from './ui/badge';

/**
 * A transaction's or payout's status in the spec §4 colours: completed green, pending yellow (processing too),
 * failed red (returned too), anything else grey.
 */
export function TransactionStatusBadge({ status }: { status: TransactionStatus | PayoutStatus }) {
  return (
    <Badge variant={statusColour(status)} data-status={status}>
      {PAYOUT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
