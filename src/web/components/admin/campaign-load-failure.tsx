import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getErrorMessage, isNotFound } from '../../lib/api-client';
import { buttonVariants } from '../ui/button';
import { AdminEmptyState } from './admin-layout';

/** An admin campaign page whose campaign could not be read: not found (by that id), or the error, and the way back. */
export function CampaignLoadFailure({
  id,
  error,
  icon,
}: {
  id: string | undefined;
  error: unknown;
  icon: ReactNode;
}) {
  const notFound = isNotFound(error);
  return (
    <AdminEmptyState icon={icon} title={notFound ? 'Campaign Not Found' : "We couldn't load this campaign"}>
      <p>{notFound ? `There is no campaign with id ${id}.` : getErrorMessage(error)}</p>
      <Link to="/admin/campaigns" className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
        Back to Campaigns
      </Link>
    </AdminEmptyState>
  );
}
