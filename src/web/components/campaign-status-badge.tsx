import type { CampaignStatus } from '../../shared/constants';
import { Badge, type BadgeProps } from './ui/badge';

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  pending: 'Pending',
  ended: 'Ended',
};

/** Spec §4: active green, pending yellow, ended red, anything else (a draft) grey. */
const VARIANT: Record<CampaignStatus, NonNullable<BadgeProps['variant']>> = {
  draft: 'grey',
  active: 'green',
  pending: 'yellow',
  ended: 'red',
};

/** A campaign's status in the spec §4 colours. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge variant={VARIANT[status] ?? 'grey'} data-status={status} className="capitalize">
      {status}
    </Badge>
  );
}
