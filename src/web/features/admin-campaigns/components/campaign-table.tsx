import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminCampaign } from '../../../../shared/schemas/campaign';
import { CampaignThumb } from '../../../components/admin/campaign-visuals';
import { LoadingCards, LoadingTableRows } from '../../../components/admin/loading-rows';
import { CampaignStatusBadge } from '../../../components/campaign-status-badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { ADMIN_TABLE_HEAD, TableHead } from '../../../components/ui/table-head';
import { useAdminCan } from '../../../lib/admin-permissions';
import { cn } from '../../../lib/cn';
import { formatNumber, formatReach, formatShortIsoDate, formatUsd } from '../../../lib/format';

export interface CampaignRowActions {
  onEdit: (campaign: AdminCampaign) => void;
  onDelete: (campaign: AdminCampaign) => void;
}

/** Accepted creators, and of how many boxes when the campaign caps them: '1 / 5'. */
function acceptedOf(campaign: AdminCampaign): string {
  return `${formatNumber(campaign.acceptedCount)}${
    campaign.maxAccepted !== null ? ` / ${formatNumber(campaign.maxAccepted)}` : ''
  }`;
}

/**
 * The campaign table of spec §2 (Name with brand and icon, Budget, Reach, Timeline, Influencers, Status, Actions):
 * a table from 640 px, one card per campaign below. `items` undefined shows skeleton rows.
 */
export function CampaignTable({
  items,
  busy,
  actions,
}: {
  items: AdminCampaign[] | undefined;
  busy: boolean;
  actions: CampaignRowActions;
}) {
  return (
    <>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[880px] text-left text-sm" aria-busy={busy}>
          <caption className="sr-only">Campaigns</caption>
          <TableHead
            className={ADMIN_TABLE_HEAD}
            cellClassName="px-4 py-3"
            columns={[
              'Name',
              { label: 'Budget', className: 'text-right' },
              { label: 'Reach', className: 'text-right' },
              'Timeline',
              { label: 'Influencers', className: 'text-right' },
              'Status',
              { label: 'Actions', className: 'text-right' },
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {items ? (
              items.map((campaign) => (
                <CampaignTableRow key={campaign.id} campaign={campaign} actions={actions} />
              ))
            ) : (
              <LoadingTableRows columns={7} block="h-10 w-full" />
            )}
          </tbody>
        </table>
      </div>

      {/* Under 640 px: one card per campaign. */}
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Campaigns" aria-busy={busy}>
        {items ? (
          items.map((campaign) => (
            <CampaignListCard key={campaign.id} campaign={campaign} actions={actions} />
          ))
        ) : (
          <LoadingCards block="h-28 w-full" />
        )}
      </ul>
    </>
  );
}

/**
 * A campaign's picture, its name (a link to its page) and its brand beneath: the first cell of a row, the head of a
 * card (which puts the status badge after it, `children`).
 */
function CampaignTitle({
  campaign,
  className,
  children,
}: {
  campaign: AdminCampaign;
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex gap-3', className)}>
      <CampaignThumb name={campaign.name} imageUrl={campaign.imageUrl} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/admin/campaigns/${campaign.id}`}
          className="font-semibold break-words text-slate-900 hover:text-mint-700 hover:underline"
        >
          {campaign.name}
        </Link>
        <p className="text-xs text-slate-500">{campaign.brand}</p>
      </div>
      {children}
    </div>
  );
}

function CampaignTableRow({ campaign, actions }: { campaign: AdminCampaign; actions: CampaignRowActions }) {
  const navigate = useNavigate();
  return (
    <tr
      data-testid="campaign-row"
      data-campaign-id={campaign.id}
      className="cursor-pointer hover:bg-slate-50"
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a,button')) return;
        navigate(`/admin/campaigns/${campaign.id}`);
      }}
    >
      <td className="px-4 py-3">
        <CampaignTitle campaign={campaign} className="min-w-52 items-center" />
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{formatUsd(campaign.budget)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{formatReach(campaign.reach)}</td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatShortIsoDate(campaign.deadline)}</td>
      <td className="px-4 py-3 text-right tabular-nums" data-testid="influencers-count">
        {formatNumber(campaign.acceptedCount)}
        {campaign.maxAccepted !== null ? (
          <span className="text-slate-500"> / {formatNumber(campaign.maxAccepted)}</span>
        ) : null}
      </td>
      <td className="px-4 py-3">
        <CampaignStatusBadge status={campaign.status} />
      </td>
      <td className="px-4 py-3">
        <RowActions campaign={campaign} actions={actions} />
      </td>
    </tr>
  );
}

function CampaignListCard({ campaign, actions }: { campaign: AdminCampaign; actions: CampaignRowActions }) {
  const facts = [
    ['Budget', formatUsd(campaign.budget)],
    ['Reach', formatReach(campaign.reach)],
    ['Timeline', formatShortIsoDate(campaign.deadline)],
    ['Influencers', acceptedOf(campaign)],
  ] as const;
  return (
    <li className="flex flex-col gap-3 p-4" data-testid="campaign-card-admin">
      <CampaignTitle campaign={campaign} className="items-start">
        <CampaignStatusBadge status={campaign.status} />
      </CampaignTitle>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className={cn('font-medium', label !== 'Timeline' && 'tabular-nums')}>{value}</dd>
          </div>
        ))}
      </dl>
      <RowActions campaign={campaign} actions={actions} wide />
    </li>
  );
}

function RowActions({
  campaign,
  actions,
  wide = false,
}: {
  campaign: AdminCampaign;
  actions: CampaignRowActions;
  wide?: boolean;
}) {
  // Edit and Delete only for the roles the permission table allows (the server refuses the others anyway).
  const { can } = useAdminCan();
  const change = can('PATCH /admin/campaigns/{id}');
  return (
    <div className={cn('flex items-center gap-1', wide ? 'flex-wrap gap-2' : 'justify-end')}>
      <Link
        to={`/admin/campaigns/${campaign.id}`}
        className={buttonVariants({ variant: wide ? 'outline' : 'ghost', size: 'sm' })}
        aria-label={wide ? undefined : `Review ${campaign.name}`}
      >
        <Eye aria-hidden="true" />
        Review
      </Link>
      {change ? (
        <>
          <Button
            variant={wide ? 'outline' : 'ghost'}
            size={wide ? 'sm' : 'icon'}
            onClick={() => actions.onEdit(campaign)}
            aria-label={`Edit ${campaign.name}`}
            className={wide ? undefined : 'size-9'}
          >
            <Pencil aria-hidden="true" />
            {wide ? 'Edit' : null}
          </Button>
          <Button
            variant={wide ? 'outline' : 'ghost'}
            size={wide ? 'sm' : 'icon'}
            onClick={() => actions.onDelete(campaign)}
            aria-label={`Delete ${campaign.name}`}
            className={cn(wide ? 'text-red-700' : 'size-9 text-red-700 hover:bg-red-50')}
          >
            <Trash2 aria-hidden="true" />
            {wide ? 'Delete' : null}
          </Button>
        </>
      ) : null}
    </div>
  );
}
