import { Download, Package, Scale, Send, Settings, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PaymentsSummary } from '../../../../shared/schemas/payout';
import { ErrorNote } from '../../../components/error-panel';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatNumber, formatUsd } from '../../../lib/format';
import type { usePaymentsSummary } from '../api/payments';

/** A card of the side panel: its title (with an icon) and what it holds. */
function PanelCard({
  icon,
  title,
  className,
  contentClassName,
  children,
}: {
  icon?: ReactNode;
  title: string;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

function Row({
  label,
  value,
  testId,
  hint,
}: {
  label: string;
  value: string | null;
  testId: string;
  hint?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-sm text-slate-600">
        <span>{label}</span>
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </dt>
      <dd className="text-lg font-bold tabular-nums text-slate-900" data-testid={testId}>
        {value ?? <Skeleton className="h-6 w-20" />}
      </dd>
    </div>
  );
}

const payoutCount = (n: number) => (n === 1 ? '1 payout' : `${formatNumber(n)} payouts`);

/** The side panel of spec §2: 'Payment Secure' totals, the 'Brand Package' card and 'Quick Actions'. */
export function PaymentsSidePanel({
  className,
  summary,
  selectedCount,
  exportHref,
  onExport,
  onProcess,
  onSettings,
  onBrandDetails,
  onAdjust,
}: {
  className?: string;
  summary: ReturnType<typeof usePaymentsSummary>;
  selectedCount: number;
  exportHref: string;
  /** Export Report: the page downloads the CSV through the API client (errors are shown, not opened as a page). */
  onExport?: (() => void) | undefined;
  /** Process Payment and Adjust Mint (undefined: the person's role may not, the button is not shown). */
  onProcess?: (() => void) | undefined;
  onSettings: () => void;
  onBrandDetails: () => void;
  onAdjust?: (() => void) | undefined;
}) {
  const data: PaymentsSummary | undefined = summary.data;
  const money = (value: string | undefined): string | null => (value === undefined ? null : formatUsd(value));
  const action = (icon: ReactNode, label: string, onClick: () => void, note?: string) => (
    <Button variant="outline" className="h-auto w-full justify-start py-2.5" onClick={onClick}>
      {icon}
      <span className="flex flex-col items-start">
        <span>{label}</span>
        {note ? <span className="text-xs font-normal text-slate-500">{note}</span> : null}
      </span>
    </Button>
  );
  return (
    <div className={cn('grid items-start gap-4 md:grid-cols-3 2xl:grid-cols-1', className)}>
      {summary.isError ? (
        <ErrorNote className="md:col-span-3 2xl:col-span-1">
          The figures could not be loaded: {getErrorMessage(summary.error)}
        </ErrorNote>
      ) : null}
      <PanelCard
        icon={<ShieldCheck aria-hidden="true" className="size-5 text-mint-700" />}
        title="Payment Secure"
      >
        <dl className="flex flex-col gap-3">
          <Row
            label="This Month"
            hint={data ? `${payoutCount(data.counts.thisMonth)} paid this month (UTC)` : undefined}
            value={money(data?.thisMonth)}
            testId="total-this-month"
          />
          <div className="-mt-2 flex items-baseline justify-between gap-3 text-xs text-slate-500">
            <dt>credited this month</dt>
            <dd className="tabular-nums" data-testid="total-credited-this-month">
              {data ? `${formatNumber(Number(data.creditedThisMonth))} Mint` : null}
            </dd>
          </div>
          <Row
            label="Pending"
            hint={data ? `${payoutCount(data.counts.pending)} requested or processing` : undefined}
            value={money(data?.pending)}
            testId="total-pending"
          />
          <Row
            label="Completed"
            hint={data ? `${payoutCount(data.counts.completed)} paid, all time` : undefined}
            value={money(data?.completed)}
            testId="total-completed"
          />
        </dl>
      </PanelCard>

      <PanelCard
        className="bg-slate-950 text-white"
        icon={<Package aria-hidden="true" className="size-5 text-mint-300" />}
        title="Brand Package"
      >
        <dl className="grid grid-cols-2 gap-3 text-sm">
          {(
            [
              ['Mint credited', data?.brandPackage.credited, 'brand-credited'],
              ['Paid out', data?.brandPackage.paidOut, 'brand-paid-out'],
              ['Owed', data?.brandPackage.owed, 'brand-owed'],
              ['Active budgets', data?.brandPackage.activeBudget, 'brand-active-budget'],
            ] as const
          ).map(([label, value, testId]) => (
            <div key={label}>
              <dt className="text-xs text-slate-400">{label}</dt>
              <dd className="text-base font-bold tabular-nums" data-testid={testId}>
                {value === undefined ? <Skeleton className="h-5 w-16 bg-white/20" /> : formatUsd(value)}
              </dd>
            </div>
          ))}
        </dl>
        <Button
          variant="secondary"
          size="sm"
          className="mt-4 w-full"
          onClick={onBrandDetails}
          disabled={!data}
        >
          View Details
        </Button>
      </PanelCard>

      <PanelCard title="Quick Actions" contentClassName="flex flex-col gap-2">
        {onProcess
          ? action(
              <Send aria-hidden="true" />,
              'Process Payment',
              onProcess,
              selectedCount ? `${selectedCount} selected` : 'Pay pending payouts',
            )
          : null}
        {onExport ? (
          <a
            href={exportHref}
            download
            onClick={(event) => {
              event.preventDefault();
              onExport();
            }}
            className={buttonVariants({
              variant: 'outline',
              className: 'h-auto w-full justify-start py-2.5',
            })}
          >
            <Download aria-hidden="true" />
            <span className="flex flex-col items-start">
              <span>Export Report</span>
              <span className="text-xs font-normal text-slate-500">CSV of the filtered table</span>
            </span>
          </a>
        ) : null}
        {action(
          <Settings aria-hidden="true" />,
          'Payment Settings',
          onSettings,
          data
            ? data.settings.mode === 'paypal'
              ? `PayPal ${data.settings.environment}`
              : 'Manual payouts'
            : undefined,
        )}
        {onAdjust
          ? action(<Scale aria-hidden="true" />, 'Adjust Mint', onAdjust, 'Credit or debit a creator')
          : null}
      </PanelCard>
    </div>
  );
}
