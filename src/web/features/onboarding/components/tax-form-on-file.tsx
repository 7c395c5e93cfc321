import { FileCheck2 } from 'lucide-react';
import type { MyTaxForm } from '../../../../shared/schemas/tax';
import { TAX_FORM_LABELS } from '../../../../shared/tax';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { formatShortDate, formatUsd } from '../../../lib/format';

export function Figures({ data }: { data: MyTaxForm }) {
  return (
    <>
      <p className="text-sm text-slate-700" data-testid="tax-year-paid">
        Paid to you in {data.year} (including payouts on their way):{' '}
        <strong>{formatUsd(data.paidThisYear)}</strong>
      </p>
      {data.heldPayouts > 0 ? (
        <Alert variant="destructive" title="Payouts waiting for your tax form" data-testid="tax-held">
          {data.heldPayouts === 1 ? 'One payout is' : `${data.heldPayouts} payouts are`} waiting: file the
          form below and we can pay {data.heldPayouts === 1 ? 'it' : 'them'}.
        </Alert>
      ) : null}
    </>
  );
}

export function OnFile({ data, onReplace }: { data: MyTaxForm; onReplace: () => void }) {
  const form = data.form!;
  const a = form.address;
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="tax-form-on-file"
    >
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <FileCheck2 aria-hidden="true" className="size-5 text-mint-700" />
        {TAX_FORM_LABELS[form.type]} on file since {formatShortDate(form.filedAt)}
      </p>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-500">Name</dt>
          <dd className="break-words">{form.legalName}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">
            {form.tinType === 'foreign' ? 'Foreign TIN' : form.tinType === 'ein' ? 'EIN' : 'SSN'}
          </dt>
          <dd className="font-mono" data-testid="tax-tin-masked">
            {form.tinMasked ?? 'Date of birth given instead'}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs text-slate-500">Address</dt>
          <dd className="break-words">
            {[a.line1, a.line2, a.city, [a.state, a.postalCode].filter(Boolean).join(' '), a.country]
              .filter(Boolean)
              .join(', ')}
          </dd>
        </div>
      </dl>
      {data.replacedForms > 0 ? (
        <p className="text-xs text-slate-500">
          {data.replacedForms === 1 ? 'One earlier form is' : `${data.replacedForms} earlier forms are`} kept
          as replaced (tax records).
        </p>
      ) : null}
      <div>
        <Button variant="outline" size="sm" onClick={onReplace}>
          Replace form
        </Button>
      </div>
    </div>
  );
}
