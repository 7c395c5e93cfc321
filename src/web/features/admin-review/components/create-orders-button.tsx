import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { useAdminCan } from '../../../lib/admin-permissions';
import { useCreateStoreOrders } from '../../../lib/admin-stores';
import { useTickedIds } from '../../../lib/admin-ticked-ids';
import { getErrorMessage } from '../../../lib/api-client';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { type ApplicantView, useApplicants } from '../api/applicants';

const ALL_NEWEST: ApplicantView = { group: 'all', sort: 'newest', missedNone: false };

const RESULT_WORDS = {
  created: 'order made',
  already: 'order already made',
  manual: 'no store product or address: ship by hand',
  busy: 'another attempt is making it',
  failed: 'failed',
} as const;

/**
 * "Create orders" on the shipping list (issue 37): a $0 order in the brand's store for each accepted box picked
 * here (all by default), one per application however often it is pressed; what happened to each is listed.
 */
export function CreateOrdersButton({ campaignId }: { campaignId: number }) {
  const { can } = useAdminCan();
  // The applicants section's own list (the same query and view, so no second read).
  const applicants = useApplicants(String(campaignId), ALL_NEWEST);
  const waiting = (applicants.data?.pages.flatMap((p) => p.items) ?? []).filter(
    (a) => a.status === 'accepted',
  );
  const [open, setOpen] = useState(false);
  const { ticked: picked, setTicked: setPicked, tick: toggle } = useTickedIds();
  const returnFocus = useReturnFocus(open);
  const create = useCreateStoreOrders(campaignId);
  const [outcome, setOutcome] = useState<string[]>([]);
  if (!can('POST /admin/store-orders') || waiting.length === 0) return null;
  const names = new Map(waiting.map((a) => [a.id, a.creator.name]));
  const start = () => {
    setPicked(new Set(waiting.map((a) => a.id)));
    setOutcome([]);
    setOpen(true);
  };
  const submit = async () => {
    try {
      const { items } = await create.mutateAsync([...picked]);
      setOutcome(
        items.map(
          (i) =>
            `${names.get(i.applicationId) ?? `#${i.applicationId}`}: ${RESULT_WORDS[i.result]}${i.orderName ? ` ${i.orderName}` : ''}${i.error ? ` (${i.error})` : ''}`,
        ),
      );
      toast({ title: 'Orders sent to the store', variant: 'success' });
    } catch (e) {
      setOutcome([getErrorMessage(e, 'The orders could not be made.')]);
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={start}>
        <ShoppingBag aria-hidden="true" />
        Create orders
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent onCloseAutoFocus={returnFocus}>
          <DialogHeader>
            <DialogTitle>Create orders in the store</DialogTitle>
            <DialogDescription>
              A $0 order for each accepted box picked here, never two for one.
            </DialogDescription>
          </DialogHeader>
          <ul className="flex max-h-64 flex-col gap-2 overflow-y-auto text-sm" aria-label="Accepted boxes">
            {waiting.map((a) => (
              <li key={a.id}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={picked.has(a.id)}
                    onChange={(e) => toggle(a.id, e.target.checked)}
                  />
                  {a.creator.name}
                </label>
              </li>
            ))}
          </ul>
          {outcome.length > 0 ? (
            <ul className="rounded-lg bg-slate-50 p-3 text-sm" role="status" data-testid="order-outcomes">
              {outcome.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          <div className="flex justify-end">
            <Button onClick={submit} disabled={picked.size === 0 || create.isPending}>
              {create.isPending ? 'Creating…' : `Create ${picked.size} order${picked.size === 1 ? '' : 's'}`}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
