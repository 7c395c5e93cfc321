import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminCampaign } from '../../../shared/schemas/campaign';
import { LoadingBlocks } from '../ui/skeleton';
import { CampaignLoadFailure } from './campaign-load-failure';

/**
 * An admin page about one campaign (/admin/campaigns/:id, /admin/details/:id): grey blocks of the page's shape while
 * the campaign loads (`loadingBlocks`), why it could not be read and the way back, or the page (`children`).
 */
export function AdminCampaignPage({
  id,
  campaign,
  icon,
  loadingBlocks,
  children,
}: {
  id: string | undefined;
  campaign: UseQueryResult<AdminCampaign>;
  /** The failure's icon. */
  icon: ReactNode;
  loadingBlocks: string[];
  children: (campaign: AdminCampaign) => ReactNode;
}) {
  if (campaign.isPending)
    return <LoadingBlocks className="flex flex-col gap-4" label="Loading campaign" blocks={loadingBlocks} />;
  if (campaign.isError) return <CampaignLoadFailure id={id} error={campaign.error} icon={icon} />;
  return children(campaign.data);
}
