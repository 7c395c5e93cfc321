import { Badge } from './ui/badge';

const STATUS_VARIANT: Record<string, 'green' | 'yellow' | 'red'> = {
  active: 'green',
  pending: 'yellow',
  ended: 'red',
};

/** Campaign status colours (spec §4): active green, pending yellow, ended red, anything else grey. */
export function CampaignStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={STATUS_VARIANT[status] ?? 'grey'} data-status={status} className="capitalize">
      {status}
    </Badge>
  );
}
