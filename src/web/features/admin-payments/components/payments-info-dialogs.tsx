import type { ReactNode } from 'react';
import { PAYOUT_STATUS_LABELS } from '../../../../shared/payouts';
import type { PaymentsSummary } from '../../../../shared/schemas/payout';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { formatNumber, formatUsd } from '../../../lib/format';
import { useReturnFocus } from '../../../lib/use-return-focus';

/** A dialog opened and closed by its caller. */
interface DialogOpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function InfoDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  testId,
}: DialogOpenProps & {
  title: string;
  description: string;
  children: ReactNode;
  testId: string;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus} data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogCloseRow onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The foot of a dialog that only informs: its Close button, on the right. */
export function DialogCloseRow({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex justify-end">
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Payment Settings: what the server is configured with. Secrets stay in environment variables, never shown. */
export function PaymentSettingsDialog({
  open,
  onOpenChange,
  settings,
}: DialogOpenProps & { settings: PaymentsSummary['settings'] | undefined }) {
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Payment Settings"
      description="Set on the server with environment variables (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_ENV, PAYPAL_WEBHOOK_ID); the credentials are never shown here."
      testId="settings-dialog"
    >
      {settings ? (
        <dl className="divide-y divide-slate-100">
          <Line
            label="Payout mode"
            value={settings.mode === 'paypal' ? 'PayPal Payouts API' : 'Manual (paid by hand)'}
            testId="settings-mode"
          />
          <Line
            label="PayPal environment"
            value={settings.environment === 'live' ? 'Live (real money)' : 'Sandbox (test money)'}
            testId="settings-environment"
          />
          <Line
            label="Minimum redemption"
            value={`${formatNumber(settings.minimum)} Mint`}
            testId="settings-minimum"
          />
          <Line label="Processing time" value={`${settings.businessDays} business days`} />
          <Line
            label="PayPal webhooks"
            value={settings.webhooks ? 'Verified with PayPal' : 'Off (statuses are polled)'}
          />
        </dl>
      ) : null}
    </InfoDialog>
  );
}

/** Brand Package → View Details: where the Mint came from and where it stands. */
export function BrandPackageDialog({
  open,
  onOpenChange,
  summary,
}: DialogOpenProps & { summary: PaymentsSummary | undefined }) {
  const bp = summary?.brandPackage;
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Brand Package"
      description="Mint credited to creators, what was paid out, what is still owed, and the budgets of active campaigns (1 Mint = 1 USD)."
      testId="brand-dialog"
    >
      {bp ? (
        <div className="flex flex-col gap-4">
          <dl className="divide-y divide-slate-100">
            <Line label="Rewards credited" value={formatUsd(bp.breakdown.rewards)} />
            <Line label="Adjustments credited" value={formatUsd(bp.breakdown.adjustmentCredits)} />
            <Line label="Adjustments debited" value={formatUsd(bp.breakdown.adjustmentDebits)} />
            <Line label="Mint returned from payouts" value={formatUsd(bp.breakdown.reversals)} />
            <Line
              label={`Balances (${formatNumber(bp.breakdown.creatorsWithBalance)} creators)`}
              value={formatUsd(bp.breakdown.balances)}
            />
            <Line label="Owed (balances and open payouts)" value={formatUsd(bp.owed)} />
            <Line label="Paid out" value={formatUsd(bp.paidOut)} />
            <Line
              label={`Budgets of ${formatNumber(bp.breakdown.activeCampaigns)} active campaigns`}
              value={formatUsd(bp.activeBudget)}
            />
          </dl>
          <div>
            <h3 className="mb-1 text-sm font-semibold text-slate-800">Payouts by status</h3>
            {bp.breakdown.payouts.length === 0 ? (
              <p className="text-sm text-slate-600">No payouts yet.</p>
            ) : (
              <dl className="divide-y divide-slate-100">
                {bp.breakdown.payouts.map((row) => (
                  <Line
                    key={row.status}
                    label={`${PAYOUT_STATUS_LABELS[row.status]} (${formatNumber(row.count)})`}
                    value={formatUsd(row.amount)}
                  />
                ))}
              </dl>
            )}
          </div>
        </div>
      ) : null}
    </InfoDialog>
  );
}
