import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { CreatorSummary } from '../../../../shared/schemas/creator';
import { type AdjustmentInput, adjustmentSchema } from '../../../../shared/schemas/payout';
import { SearchInput } from '../../../components/list-search';
import { MutationFormActions } from '../../../components/mutation-form-actions';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label, TextField } from '../../../components/ui/input';
import { ButtonSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useCreators } from '../../../lib/admin-creators-query';
import { cn } from '../../../lib/cn';
import { AS_NUMBER, formFields } from '../../../lib/form-field';
import { formatNumber } from '../../../lib/format';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { usePaymentActions } from '../api/payments';

type FormValues = { amount: number; reason: string };

/**
 * Adjust Mint: credit (positive) or debit (negative) one creator's Mint with a required reason. It shows in the
 * creator's history and in the transactions, with who made it; a debit never takes a balance below zero.
 */
export function AdjustMintDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const returnFocus = useReturnFocus(open);
  const { adjust } = usePaymentActions();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [creator, setCreator] = useState<CreatorSummary | null>(null);
  const creators = useCreators(query, '');
  // A closed account takes no Mint (the server refuses it): such creators are not offered (issue 41).
  const openCreators = (creators.data?.items ?? []).filter((item) => item.closedAt === null);
  const closedCount = (creators.data?.items.length ?? 0) - openCreators.length;
  const form = useForm<FormValues, unknown, AdjustmentInput>({
    resolver: zodResolver(adjustmentSchema) as unknown as Resolver<FormValues, unknown, AdjustmentInput>,
    defaultValues: { reason: '' },
  });
  const field = formFields(form, id);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const close = (next: boolean) => {
    if (adjust.isPending) return;
    if (!next) {
      setCreator(null);
      setSearch('');
      adjust.reset();
      form.reset({ reason: '' });
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (input) => {
    if (!creator) return;
    try {
      const result = await adjust.mutateAsync({ creatorId: creator.id, ...input });
      toast({
        title: input.amount > 0 ? 'Mint credited' : 'Mint debited',
        description: `${creator.name} now has ${formatNumber(result.balance)} Mint.`,
        variant: 'success',
      });
      close(false);
    } catch {
      // Shown in the dialog.
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent onCloseAutoFocus={returnFocus} data-testid="adjust-dialog">
        <DialogHeader>
          <DialogTitle>Adjust Mint</DialogTitle>
          <DialogDescription>
            Credit or debit a creator's Mint. The reason shows in their history and in the transactions.
          </DialogDescription>
        </DialogHeader>
        {creator ? (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
              <span>
                <strong>{creator.name}</strong> <span className="text-slate-500">@{creator.username}</span>
              </span>
              <Button variant="link" size="sm" onClick={() => setCreator(null)}>
                Change
              </Button>
            </div>
            <TextField label="Mint (negative to debit)" inputMode="numeric" {...field('amount', AS_NUMBER)} />
            <TextField label="Reason" maxLength={300} {...field('reason')} />
            <MutationFormActions mutation={adjust} onCancel={() => close(false)}>
              {adjust.isPending ? <ButtonSpinner label="Saving" /> : null}
              Save adjustment
            </MutationFormActions>
          </form>
        ) : (
          <div className="flex flex-col gap-3">
            <Label htmlFor={`${id}-search`}>Creator</Label>
            <div className="relative">
              <SearchInput
                id={`${id}-search`}
                value={search}
                onChange={setSearch}
                placeholder="Name, username or email"
              />
            </div>
            <ul
              className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
              aria-busy={creators.isFetching}
            >
              {openCreators.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => setCreator(item)}
                    className={cn('flex w-full flex-col items-start px-3 py-2 text-left hover:bg-slate-50')}
                  >
                    <span className="text-sm font-semibold">{item.name}</span>
                    <span className="text-xs text-slate-500">
                      @{item.username} · {item.email}
                    </span>
                  </button>
                </li>
              ))}
              {creators.data && openCreators.length === 0 ? (
                <li className="px-3 py-2 text-sm text-slate-600">No creator matches.</li>
              ) : null}
            </ul>
            {closedCount > 0 ? (
              <p className="text-xs text-slate-600" data-testid="adjust-closed-note">
                {closedCount === 1
                  ? '1 closed account matches and is not listed: its Mint cannot change.'
                  : `${closedCount} closed accounts match and are not listed: their Mint cannot change.`}
              </p>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
