import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, PackageCheck, Pencil, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Applicant, shipmentSchema } from '../../../../shared/schemas/application';
import { CARRIER_STATUS_LABELS, trackingUrl } from '../../../../shared/tracking';
import { Button } from '../../../components/ui/button';
import { CompactField, Input } from '../../../components/ui/input';
import { formatShortDate } from '../../../lib/format';
import { maxLengthOf } from '../../../lib/schema-limits';
import type { ApplicantStepProps, Shipment } from './applicant-actions';

/** Carriers offered while typing (any other name can be typed). */
const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'] as const;
const CARRIER_MAX = maxLengthOf(shipmentSchema.shape.carrier);
const TRACKING_MAX = maxLengthOf(shipmentSchema.shape.trackingNumber);
type ShipmentInput = z.input<typeof shipmentSchema>;
export function ShipmentSummary({ applicant }: { applicant: Applicant }) {
  if (applicant.status === 'shipped') return null; // the shipment area shows it with its actions
  const url = trackingUrl(applicant.carrier, applicant.trackingNumber);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
      <PackageCheck aria-hidden="true" className="size-4 text-mint-700" />
      PR box {applicant.deliveredAt ? `delivered ${formatShortDate(applicant.deliveredAt)}` : 'shipped'} ·{' '}
      <TrackingText applicant={applicant} url={url} />
    </p>
  );
}

function TrackingText({ applicant, url }: { applicant: Applicant; url: string | null }) {
  const text = `${applicant.carrier} ${applicant.trackingNumber}`;
  const carrierStatus = applicant.tracking?.status;
  const label = carrierStatus ? (
    <span className="text-slate-600" data-testid="carrier-status">
      · {CARRIER_STATUS_LABELS[carrierStatus] ?? carrierStatus}
    </span>
  ) : null;
  return url ? (
    <>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-medium text-mint-700 underline-offset-2 hover:underline"
      >
        {text}
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      {label}
    </>
  ) : (
    <>
      <span className="font-medium text-slate-800">{text}</span>
      {label}
    </>
  );
}

/** Accepted: record the carrier and tracking number. Shipped: show them, correct them, or mark delivered. */
export function ShipmentArea({ applicant, offers, actions, busy }: ApplicantStepProps) {
  const id = useId();
  const shipped = applicant.status === 'shipped';
  const [editing, setEditing] = useState(!shipped);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ShipmentInput, unknown, Shipment>({
    resolver: zodResolver(shipmentSchema),
    defaultValues: { carrier: applicant.carrier ?? '', trackingNumber: applicant.trackingNumber ?? '' },
  });
  const url = trackingUrl(applicant.carrier, applicant.trackingNumber);
  const invalid = form.formState.errors.carrier ?? form.formState.errors.trackingNumber;

  const submit = form.handleSubmit(async ({ carrier, trackingNumber }) => {
    setError(null);
    const problem = await actions.ship(applicant, carrier, trackingNumber);
    setError(problem);
    if (!problem) setEditing(false);
  });

  return (
    <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3 sm:p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <Truck aria-hidden="true" className="size-4 text-mint-700" />
        {shipped ? 'PR box shipped' : 'Ship the PR box'}
      </p>
      {shipped && !editing ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <TrackingText applicant={applicant} url={url} />
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button size="sm" variant="outline" onClick={() => setEditing(true)} disabled={busy}>
              <Pencil aria-hidden="true" />
              Edit tracking
            </Button>
            {offers.has('mark_delivered') ? (
              <Button
                size="sm"
                onClick={() => actions.markDelivered(applicant)}
                disabled={busy}
                aria-label={`Mark delivered for ${applicant.creator.name}`}
              >
                <PackageCheck aria-hidden="true" />
                Mark delivered
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
          aria-label={`Shipment for ${applicant.creator.name}`}
        >
          <CompactField id={`${id}-carrier`} label="Carrier">
            <Input
              id={`${id}-carrier`}
              list={`${id}-carriers`}
              maxLength={CARRIER_MAX}
              placeholder="UPS"
              aria-invalid={form.formState.errors.carrier ? true : undefined}
              {...form.register('carrier')}
            />
            <datalist id={`${id}-carriers`}>
              {CARRIERS.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </CompactField>
          <CompactField id={`${id}-tracking`} label="Tracking number">
            <Input
              id={`${id}-tracking`}
              maxLength={TRACKING_MAX}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={form.formState.errors.trackingNumber ? true : undefined}
              {...form.register('trackingNumber')}
            />
          </CompactField>
          <div className="flex gap-2">
            {shipped ? (
              <Button variant="outline" className="h-11" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" className="h-11" disabled={busy || form.formState.isSubmitting}>
              <Truck aria-hidden="true" />
              {shipped ? 'Save tracking' : 'Mark shipped'}
            </Button>
          </div>
          {invalid || error ? (
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-3">
              {invalid?.type === 'too_small'
                ? 'Enter the carrier and the tracking number.'
                : (invalid?.message ?? error)}
            </p>
          ) : null}
        </form>
      )}
    </div>
  );
}
