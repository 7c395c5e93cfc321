import { AlertTriangle, Truck } from 'lucide-react';
import { useState } from 'react';
import type { CarrierBoard as Board, CarrierBoardBox } from '../../../../shared/schemas/carrier-board';
import { CARRIER_STATUS_LABELS } from '../../../../shared/tracking';
import { ErrorNote } from '../../../components/error-panel';
import { Badge } from '../../../components/ui/badge';
import { LoadingBlocks } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime, formatNumber, formatShortDate } from '../../../lib/format';
import { useCarrierBoard } from '../api/carrier-board';
import { FilterPill } from './filter-pill';
import { ReviewPanel } from './review-panel';

/** The board's filters in the order a box goes (EasyPost's names); only those with boxes are offered. */
const STATUS_ORDER = [
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'available_for_pickup',
  'delivered',
  'return_to_sender',
  'failure',
  'cancelled',
  'error',
  'unknown',
];
const PROBLEM = new Set(['return_to_sender', 'failure', 'error']);
const SILENT = 'silent';

const labelOf = (status: string | null) => CARRIER_STATUS_LABELS[status ?? 'unknown'] ?? status ?? 'Unknown';

/**
 * Issue 38: the shipping board of a campaign with PR boxes: how many tracked boxes are at each carrier status
 * ("14 in transit · 3 out for delivery · 1 returned"), filters on them and on the trackers with no carrier event for
 * 7 days (flagged), and the boxes of the chosen filter. The live channel keeps it fresh.
 */
export function CarrierBoard({ campaignId }: { campaignId: number }) {
  const [filter, setFilter] = useState('');
  const board = useCarrierBoard(campaignId, filter);
  return (
    <ReviewPanel titleId="carrier-board-title" icon={Truck} title="Shipping board" testId="carrier-board">
      {board.isPending ? (
        <LoadingBlocks
          label="Loading the shipping board"
          className="flex flex-col gap-2"
          blocks={['h-5 w-64', 'h-16 w-full']}
        />
      ) : board.isError && !board.data ? (
        <ErrorNote>The shipping board could not be loaded: {getErrorMessage(board.error)}</ErrorNote>
      ) : (
        <BoardBody board={board.data} filter={filter} onFilter={setFilter} />
      )}
    </ReviewPanel>
  );
}

function BoardBody({
  board,
  filter,
  onFilter,
}: {
  board: Board;
  filter: string;
  onFilter: (f: string) => void;
}) {
  const total = Object.values(board.counts).reduce((sum, n) => sum + n, 0);
  if (total === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="carrier-summary">
        No tracked box yet. Each tracking number entered at shipment is followed with the carrier, and its
        boxes are counted here.
      </p>
    );
  }
  const statuses = STATUS_ORDER.filter((s) => board.counts[s]);
  return (
    <>
      <p className="text-sm font-semibold text-slate-800" data-testid="carrier-summary">
        {board.summary}
      </p>
      {board.silent > 0 ? (
        <p className="flex items-center gap-1.5 text-sm text-amber-800" data-testid="carrier-silent">
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
          {board.silent === 1
            ? '1 tracker has had no carrier event for 7 days.'
            : `${formatNumber(board.silent)} trackers have had no carrier event for 7 days.`}
        </p>
      ) : null}
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">Show boxes by carrier status</legend>
        <FilterPill label="All tracked" count={total} on={filter === ''} onClick={() => onFilter('')} />
        {statuses.map((s) => (
          <FilterPill
            key={s}
            label={labelOf(s)}
            count={board.counts[s] ?? 0}
            on={filter === s}
            onClick={() => onFilter(s)}
          />
        ))}
        {board.silent > 0 ? (
          <FilterPill
            label="No event for 7 days"
            count={board.silent}
            on={filter === SILENT}
            onClick={() => onFilter(SILENT)}
          />
        ) : null}
      </fieldset>
      <BoxList boxes={board.boxes} />
    </>
  );
}

function BoxList({ boxes }: { boxes: CarrierBoardBox[] }) {
  if (boxes.length === 0) {
    return <p className="text-sm text-slate-600">No box with this carrier status.</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-slate-100" aria-label="Tracked boxes">
      {boxes.map((box) => (
        <li
          key={box.applicationId}
          className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
          data-testid="carrier-box"
        >
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{box.creator}</p>
            <p className="break-all text-xs text-slate-500">
              {box.carrier ? `${box.carrier} · ` : ''}
              {box.trackingNumber}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:justify-end">
            <Badge
              variant={PROBLEM.has(box.status ?? '') ? 'red' : box.status === 'delivered' ? 'green' : 'blue'}
            >
              {labelOf(box.status)}
            </Badge>
            {box.silent ? <Badge variant="yellow">No event for 7 days</Badge> : null}
            <span className="text-xs text-slate-500">
              {box.lastEventAt ? `Last event ${formatDateTime(box.lastEventAt)}` : 'No carrier event yet'}
              {box.estimatedDelivery && box.status !== 'delivered'
                ? ` · expected ${formatShortDate(box.estimatedDelivery)}`
                : ''}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
