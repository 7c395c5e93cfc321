import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { usePaymentActions } from '../api/payments';

export type PayoutOutcome = 'paid' | 'failed';

/**
 * How a payout ended, recorded by hand: Mark paid with the PayPal transaction id or reference, Mark failed with the
 * reason (the Mint goes back to the creator), each said in a toast naming the payout's `label` (and the reference,
 * with `referenceInToast`). `record` answers whether it was recorded; `error` is why the last try was not.
 */
export function usePayoutOutcome(
  payout: { id: number; label: string },
  { referenceInToast = false }: { referenceInToast?: boolean } = {},
) {
  const { markPaid, markFailed } = usePaymentActions();
  const [error, setError] = useState<string | null>(null);
  const record = async (outcome: PayoutOutcome, text: string): Promise<boolean> => {
    setError(null);
    try {
      if (outcome === 'paid') {
        await markPaid.mutateAsync({ id: payout.id, reference: text });
        const description = referenceInToast ? `${payout.label}: ${text}` : payout.label;
        toast({ title: 'Payout marked paid', description, variant: 'success' });
      } else {
        await markFailed.mutateAsync({ id: payout.id, reason: text });
        toast({
          title: 'Payout marked failed',
          description: `${payout.label}: the Mint went back to the creator.`,
        });
      }
      return true;
    } catch (e) {
      setError(getErrorMessage(e, 'That did not work. Please try again.'));
      return false;
    }
  };
  return { record, error, markPaid, markFailed };
}
