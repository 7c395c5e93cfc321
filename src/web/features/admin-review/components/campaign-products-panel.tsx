import { Package, Plus, Store, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { boxesLeftLabel, type ProductView, type VariantView } from '../../../../shared/schemas/products';
import { ErrorNote } from '../../../components/error-panel';
import { toastFailure } from '../../../components/failure-toast';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useCan } from '../../../lib/admin-permissions';
import { getErrorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { useCampaignProducts, useDeleteVariant, useUpdateVariant } from '../api/products';
import { AddProductDialog } from './add-product-dialog';
import { ImportStoreProductDialog } from './import-store-product-dialog';
import { ReviewPanel } from './review-panel';

/** The review page's Products section (issue 37): each product's variants with SKU, value, stock and boxes left. */
export function CampaignProductsPanel({ campaignId }: { campaignId: number }) {
  const products = useCampaignProducts(campaignId);
  const [adding, setAdding] = useState(false);
  const manage = useCan('POST /admin/campaigns/{id}/products');
  const [importing, setImporting] = useState(false);
  return (
    <ReviewPanel
      titleId="products-title"
      icon={Package}
      title="Products"
      actions={
        manage ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
              <Store aria-hidden="true" />
              Import from store
            </Button>
            <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              Add product
            </Button>
          </div>
        ) : null
      }
    >
      {products.isPending ? (
        <Skeleton className="h-24 w-full" role="status" aria-label="Loading products" />
      ) : products.isError ? (
        <ErrorNote>The products could not be loaded: {getErrorMessage(products.error)}</ErrorNote>
      ) : products.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">
          No products yet: creators apply without choosing, and the campaign's product value stands.
          {manage ? ' Add a product to let creators choose a shade or a size, with stock counted.' : ''}
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          {products.data.items.map((product) => (
            <ProductTable key={product.id} campaignId={campaignId} product={product} />
          ))}
        </div>
      )}
      <AddProductDialog campaignId={campaignId} open={adding} onOpenChange={setAdding} />
      {importing ? (
        <ImportStoreProductDialog campaignId={campaignId} open={importing} onOpenChange={setImporting} />
      ) : null}
    </ReviewPanel>
  );
}

function ProductTable({ campaignId, product }: { campaignId: number; product: ProductView }) {
  return (
    <div>
      <h3 className="mb-2 font-semibold">
        {product.name}{' '}
        <span className="text-sm font-normal text-slate-600">
          {boxesLeftLabel(product.left, product.stock)}
          {product.store ? ` · from ${product.store}` : ''}
        </span>
      </h3>
      <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
        {product.variants.map((variant) => (
          <VariantRow key={variant.id} campaignId={campaignId} product={product.name} variant={variant} />
        ))}
      </ul>
    </div>
  );
}

/** A variant's row: the campaign, its product's name and the variant. */
interface VariantRowProps {
  campaignId: number;
  product: string;
  variant: VariantView;
}

function VariantRow({ campaignId, product, variant }: VariantRowProps) {
  // Stock, availability and deletion are the campaign's operation (Manager); other roles read the row.
  const manage = useCan('PATCH /admin/variants/{id}');
  return (
    <li
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4"
      data-testid={`variant-${variant.sku}`}
    >
      <VariantFacts variant={variant} />
      {manage ? (
        <VariantControls campaignId={campaignId} product={product} variant={variant} />
      ) : (
        <span className="text-sm text-slate-700">{variant.stock} boxes</span>
      )}
    </li>
  );
}

function VariantControls({ campaignId, product, variant }: VariantRowProps) {
  const update = useUpdateVariant(campaignId);
  const remove = useDeleteVariant(campaignId);
  const [stock, setStock] = useState(String(variant.stock));
  const [confirming, setConfirming] = useState(false);
  const stockId = `variant-${variant.id}-stock`;
  const save = async (patch: { stock?: number; available?: boolean }) => {
    try {
      await update.mutateAsync({ id: variant.id, ...patch });
      toast({ title: `${product} · ${variant.name} saved`, variant: 'success' });
    } catch (error) {
      toastFailure('Not saved', error);
      setStock(String(variant.stock));
    }
  };
  return (
    <>
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void save({ stock: Number(stock) });
        }}
      >
        <label htmlFor={stockId} className="text-sm text-slate-700">
          Boxes
        </label>
        <Input
          id={stockId}
          type="number"
          min={variant.reserved}
          inputMode="numeric"
          className="h-9 w-24"
          value={stock}
          onChange={(event) => setStock(event.target.value)}
        />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          disabled={update.isPending || stock === String(variant.stock)}
        >
          Save
        </Button>
      </form>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={() => void save({ available: !variant.available })}>
          {variant.available ? 'Mark unavailable' : 'Offer again'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${product} · ${variant.name}`}
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${product} · ${variant.name}?`}
        description="Creators will no longer see it. A variant creators already chose cannot be deleted: mark it unavailable instead."
        confirmLabel="Delete"
        confirmVariant="destructive"
        pending={remove.isPending}
        error={remove.isError ? getErrorMessage(remove.error) : undefined}
        onConfirm={() => {
          remove.mutate(variant.id, { onSuccess: () => setConfirming(false) });
        }}
      />
    </>
  );
}

function VariantFacts({ variant }: { variant: VariantView }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="font-medium">
        {variant.name} {!variant.available ? <Badge variant="secondary">Unavailable</Badge> : null}
        {variant.available && variant.soldOut ? <Badge variant="secondary">Sold out</Badge> : null}
      </p>
      <p className="text-xs text-slate-600">
        SKU {variant.sku} · {formatUsd(variant.retailValue)} · {variant.reserved} held ·{' '}
        <span data-testid="boxes-left">{boxesLeftLabel(variant.left, variant.stock)}</span>
      </p>
    </div>
  );
}
