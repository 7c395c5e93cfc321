import { FileDown, Upload } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useCan } from '../../../lib/admin-permissions';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import type { ShipmentReport, useReviewActions } from '../api/applicants';
import { downloadShippingCsv } from '../api/shipping';
import { CreateOrdersButton } from './create-orders-button';

/** The largest CSV the shipments import takes. */
const MAX_CSV_BYTES = 1_000_000;

/**
 * Shipments from a CSV (application_id, carrier, tracking_number): a template with the real rows of the accepted
 * creators that wait for a box (the carrier CSV: address, phone, email, handles), the upload, and the import's report (what was saved, which lines were not and why). Answers the
 * two pieces the applicants section places: the `buttons` beside its title and the `outcome` under it.
 */
export function useShipmentImport({
  campaignId,
  awaitingShipment,
  review,
}: {
  campaignId: number;
  /** How many accepted applicants wait for their box (the CSV template's rows). */
  awaitingShipment: number;
  review: ReturnType<typeof useReviewActions>;
}) {
  const [report, setReport] = useState<ShipmentReport | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const csvInput = useRef<HTMLInputElement>(null);
  const mayShip = useCan('POST /admin/campaigns/{id}/shipments');

  const onCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setCsvError(null);
    setReport(null);
    if (file.size > MAX_CSV_BYTES) {
      setCsvError('The CSV file must be at most 1 MB');
      return;
    }
    try {
      setReport(await review.importCsv.mutateAsync(await file.text()));
    } catch (error) {
      setCsvError(getErrorMessage(error, 'The file could not be imported.'));
    }
  };

  // The template is the carrier CSV: the real rows (address, phone, email, handles) of the creators waiting for a
  // box, with carrier and tracking_number to fill in and upload back.
  const downloadTemplate = () => {
    setCsvError(null);
    downloadShippingCsv(campaignId).catch((error: unknown) =>
      setCsvError(getErrorMessage(error, 'The shipping CSV could not be downloaded.')),
    );
  };

  return {
    // The template carries addresses and the import records shipments: both the shipping operation's (Manager).
    buttons: !mayShip ? null : (
      <div className="flex flex-wrap gap-2">
        <CreateOrdersButton campaignId={campaignId} />
        <input
          ref={csvInput}
          type="file"
          accept=".csv,text/csv,text/plain"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onCsv}
          data-testid="csv-input"
        />
        <Button
          variant="outline"
          size="sm"
          onClick={downloadTemplate}
          disabled={awaitingShipment === 0}
          title="The accepted creators waiting for a box: name, address, phone, email and handles for your carrier's bulk label tool; fill carrier and tracking_number and upload it back"
        >
          <FileDown aria-hidden="true" />
          CSV template
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => csvInput.current?.click()}
          disabled={review.importCsv.isPending}
        >
          <Upload aria-hidden="true" />
          {review.importCsv.isPending ? 'Importing…' : 'Upload CSV'}
        </Button>
      </div>
    ),
    outcome: (
      <>
        <ErrorAlert message={csvError} />
        {report ? <ImportReport report={report} onDismiss={() => setReport(null)} /> : null}
      </>
    ),
  };
}

function ImportReport({ report, onDismiss }: { report: ShipmentReport; onDismiss: () => void }) {
  const failed = report.errors.length;
  return (
    <div
      role="status"
      className={cn(
        'rounded-lg border p-3.5 text-sm',
        failed
          ? 'border-yellow-200 bg-yellow-50 text-yellow-900'
          : 'border-mint-200 bg-mint-50 text-mint-900',
      )}
      data-testid="csv-report"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">
          Imported {report.imported} shipment{report.imported === 1 ? '' : 's'}
          {failed ? `; ${failed} row${failed === 1 ? '' : 's'} not imported:` : '.'}
        </p>
        <button
          type="button"
          className="shrink-0 rounded px-1 text-xs font-semibold underline"
          onClick={onDismiss}
        >
          Dismiss
        </button>
      </div>
      {failed ? (
        <ul className="mt-2 flex list-disc flex-col gap-0.5 pl-5">
          {report.errors.map((e) => (
            <li key={`${e.line}-${e.error}`}>
              Line {e.line}: {e.error}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
