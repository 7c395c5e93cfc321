import { Truck } from 'lucide-react';
import type { CarrierTracking } from '../../../../shared/schemas/application';
import { CARRIER_STATUS_LABELS } from '../../../../shared/tracking';
import { formatDateTime, formatShortDate } from '../../../lib/format';

const labelOf = (status: string | null) =>
  status ? (CARRIER_STATUS_LABELS[status] ?? status) : 'Not tracked';

/** Who said the box arrived, and when (both times when a person marked it before the carrier did). */
function deliveredLine(t: CarrierTracking): string | null {
  if (!t.deliveredAt) return null;
  const when = formatShortDate(t.deliveredAt);
  if (t.deliveredBy === 'carrier') return `Delivered on ${when}, as reported by the carrier.`;
  const carrier = t.carrierDeliveredAt
    ? ` The carrier reported it delivered on ${formatShortDate(t.carrierDeliveredAt)}.`
    : '';
  return `Marked delivered on ${when}.${carrier}`;
}

/** Issue 38: the carrier's timeline of one box (newest scan first), its estimate, and who said it arrived. */
export function CarrierTimeline({ tracking: t }: { tracking: CarrierTracking | null }) {
  if (!t) return null;
  const delivered = deliveredLine(t);
  const events = [...t.events].reverse();
  return (
    <section
      aria-label="Carrier tracking"
      className="rounded-lg border border-slate-200 p-3 text-sm"
      data-testid="carrier-timeline"
    >
      <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        <Truck aria-hidden="true" className="size-4 shrink-0" />
        {labelOf(t.status)}
        {t.estimatedDelivery && t.status !== 'delivered' ? (
          <span className="font-normal text-slate-600">
            · expected {formatShortDate(t.estimatedDelivery)}
          </span>
        ) : null}
      </p>
      {delivered ? <p className="mt-1 text-slate-700">{delivered}</p> : null}
      {events.length > 0 ? (
        <ol className="mt-2 flex flex-col gap-1.5 border-l border-slate-200 pl-3">
          {events.map((e) => (
            <li key={`${e.at}-${e.status}-${e.message}`} className="text-slate-700">
              <span className="font-medium">{e.message || labelOf(e.status)}</span>
              <span className="block text-xs text-slate-500">
                {e.at ? formatDateTime(e.at) : ''}
                {e.place ? ` · ${e.place}` : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-slate-600">No carrier scan yet.</p>
      )}
    </section>
  );
}
