import { useId, useState } from 'react';
import { ErrorNote } from '../../../components/error-panel';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useImportStoreProduct, useStoreCatalogue, useStores } from '../../../lib/admin-stores';
import { getErrorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { useReturnFocus } from '../../../lib/use-return-focus';
import type { ProductDialogProps } from './add-product-dialog';

/**
 * Import from a connected store (issue 37): pick the store, then a product; its variants come with their SKU,
 * price (the retail value), image and store id, each with the boxes given here.
 */
export function ImportStoreProductDialog({ campaignId, open, onOpenChange }: ProductDialogProps) {
  const id = useId();
  const returnFocus = useReturnFocus(open);
  const stores = useStores();
  const [storeId, setStoreId] = useState<number | null>(null);
  const chosenStore = storeId ?? stores.data?.items[0]?.id ?? null;
  const catalogue = useStoreCatalogue(open ? chosenStore : null);
  const [stock, setStock] = useState('10');
  const importer = useImportStoreProduct(campaignId);
  const take = (productId: string, title: string) =>
    importer.mutate(
      { storeId: chosenStore!, productId, stock: Number(stock) },
      {
        onSuccess: () => {
          toast({ title: `${title} imported`, variant: 'success' });
          onOpenChange(false);
        },
      },
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import from a store</DialogTitle>
          <DialogDescription>
            Pick a product: each of its variants is offered with the boxes you give here.
          </DialogDescription>
        </DialogHeader>
        {stores.data?.items.length === 0 ? (
          <p className="text-sm text-slate-600">Connect a store first, in Settings › Stores.</p>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-store`}>Store</Label>
                <NativeSelect
                  id={`${id}-store`}
                  value={chosenStore ?? ''}
                  onChange={(e) => setStoreId(Number(e.target.value))}
                >
                  {stores.data?.items.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.brand} · {s.shopName}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-stock`}>Boxes per variant</Label>
                <Input
                  id={`${id}-stock`}
                  inputMode="numeric"
                  value={stock}
                  onChange={(e) => setStock(e.target.value)}
                />
              </div>
            </div>
            {importer.isError ? <ErrorNote>{getErrorMessage(importer.error)}</ErrorNote> : null}
            {catalogue.isPending ? (
              <Skeleton className="h-32 w-full" role="status" aria-label="Reading the store's products" />
            ) : catalogue.isError ? (
              <ErrorNote>
                The store's products could not be read: {getErrorMessage(catalogue.error)}
              </ErrorNote>
            ) : (
              <ul
                className="flex max-h-80 flex-col divide-y divide-slate-100 overflow-y-auto"
                aria-label="Store products"
              >
                {catalogue.data.items.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="font-medium">{p.title}</span>
                      <span className="block text-xs text-slate-500">
                        {p.variants.map((v) => v.title).join(', ')} ·{' '}
                        {formatUsd(Number(p.variants[0]?.price ?? 0))}
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={importer.isPending}
                      onClick={() => take(p.id, p.title)}
                      aria-label={`Import ${p.title}`}
                    >
                      Import
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
