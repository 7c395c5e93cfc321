import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import type { TaxYearRow } from '../../../../shared/schemas/tax';
import { TAX_FORM_LABELS, TAX_FORM_THRESHOLD_USD } from '../../../../shared/tax';
import { ShowMoreFooter } from '../../../components/admin/show-more-button';
import { ErrorPanel } from '../../../components/error-panel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FieldFrame } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableHead } from '../../../components/ui/table-head';
import { formatNumber, formatUsd } from '../../../lib/format';
import { useTaxYear } from '../api/tax-year';
import { YearEndExportDialog } from './year-end-export-dialog';

function FormStatus({ row }: { row: TaxYearRow }) {
  if (row.formType) {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <Badge variant="green">{TAX_FORM_LABELS[row.formType]} on file</Badge>
        {row.tinMasked ? <span className="font-mono text-xs text-slate-600">{row.tinMasked}</span> : null}
      </span>
    );
  }
  return <Badge variant={row.atThreshold || row.heldPayouts > 0 ? 'red' : 'grey'}>No form</Badge>;
}

function Held({ row }: { row: TaxYearRow }) {
  if (row.heldPayouts === 0) return <span className="text-slate-500">None</span>;
  return <span className="font-semibold text-amber-800">{row.heldPayouts} waiting for a tax form</span>;
}

/**
 * /admin/payments → Tax year (issue 27): per creator the total paid in the calendar year (UTC), the form type and
 * status (TIN masked) and payouts waiting for a form; the year-end CSV for a 1099-NEC filing service behind the
 * admin's password.
 */
export function TaxYearPanel() {
  const id = useId();
  const thisYear = new Date().getUTCFullYear();
  const years = [thisYear, thisYear - 1, thisYear - 2, thisYear - 3];
  const [year, setYear] = useState(thisYear);
  const [exporting, setExporting] = useState(false);
  const report = useTaxYear(year);
  const pages = report.data?.pages;
  // The year and totals of the first page (the same on every page); the lines of every page loaded so far.
  const data = pages?.[0] ? { ...pages[0], items: pages.flatMap((p) => p.items) } : undefined;

  return (
    <div className="flex flex-col gap-4" data-testid="tax-year">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FieldFrame id={`${id}-year`} label="Tax year">
          <NativeSelect
            id={`${id}-year`}
            value={String(year)}
            onChange={(event) => setYear(Number(event.target.value))}
            className="w-40 [&_select]:h-11"
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
        </FieldFrame>
        <Button onClick={() => setExporting(true)} disabled={!data}>
          <Download aria-hidden="true" />
          Year-end CSV (1099-NEC)
        </Button>
      </div>
      {report.isPending ? (
        <div role="status" aria-label="Loading the tax year">
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      ) : report.isError && !data ? (
        <ErrorPanel
          compact
          title="We couldn't load the tax year."
          error={report.error}
          onRetry={() => report.refetch()}
        />
      ) : (
        <>
          <p className="text-sm text-slate-700" data-testid="tax-year-totals">
            {formatNumber(data!.totals.creators)} creator{data!.totals.creators === 1 ? '' : 's'} paid or
            waiting in {data!.year}; {formatNumber(data!.totals.atThreshold)} at{' '}
            {formatUsd(TAX_FORM_THRESHOLD_USD)} or more, {formatNumber(data!.totals.missingForms)} of them
            without a form; {formatNumber(data!.totals.inYearEndFile)} in the year-end file (W-9 on file).
          </p>
          {data!.items.length === 0 ? (
            <p
              className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-600"
              data-testid="tax-year-empty"
            >
              No creator was paid in {data!.year}, and no payout is waiting for a tax form.
            </p>
          ) : (
            <>
              <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Creators paid in {data!.year}, with their tax forms</caption>
                  <TableHead
                    className="bg-slate-50 text-xs text-slate-600 uppercase"
                    cellClassName="px-4 py-3"
                    columns={[
                      'Creator',
                      { label: <>Paid in {data!.year}</>, key: 'Paid in', className: 'text-right' },
                      'Tax form',
                      'Payouts held',
                    ]}
                  />
                  <tbody className="divide-y divide-slate-100">
                    {data!.items.map((row) => (
                      <tr key={row.creator.id} data-testid="tax-year-row" data-creator-id={row.creator.id}>
                        <td className="px-4 py-3">
                          <span className="font-semibold text-slate-900">{row.creator.name}</span>
                          <span className="block text-xs text-slate-500">@{row.creator.username}</span>
                        </td>
                        <td className="px-4 py-3 text-right font-semibold tabular-nums">
                          {formatUsd(row.paid)}
                          {row.atThreshold ? (
                            <span className="block text-xs font-normal text-slate-500">1099-NEC due</span>
                          ) : null}
                        </td>
                        <td className="px-4 py-3">
                          <FormStatus row={row} />
                        </td>
                        <td className="px-4 py-3">
                          <Held row={row} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="flex flex-col gap-3 md:hidden" aria-label={`Creators paid in ${data!.year}`}>
                {data!.items.map((row) => (
                  <li
                    key={row.creator.id}
                    className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
                    data-testid="tax-year-card"
                  >
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-semibold break-words text-slate-900">{row.creator.name}</p>
                        <p className="text-xs text-slate-500">@{row.creator.username}</p>
                      </div>
                      <span className="font-semibold tabular-nums">{formatUsd(row.paid)}</span>
                    </div>
                    <div>
                      <FormStatus row={row} />
                    </div>
                    <p className="text-sm">
                      <span className="text-slate-600">Payouts held: </span>
                      <Held row={row} />
                    </p>
                  </li>
                ))}
              </ul>
              <ShowMoreFooter
                pages={report}
                noun="creators"
                shown={data!.items.length}
                total={data!.totals.creators}
                testId="tax-year"
              />
            </>
          )}
        </>
      )}
      {data ? (
        <YearEndExportDialog
          year={data.year}
          recipients={data.totals.inYearEndFile}
          open={exporting}
          onOpenChange={setExporting}
        />
      ) : null}
    </div>
  );
}
