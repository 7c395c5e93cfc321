import type { UseQueryResult } from '@tanstack/react-query';
import { boxesLeftLabel, type ProductView } from '../../shared/schemas/products';
import { getErrorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { formatUsd } from '../lib/format';
import { Alert } from './ui/alert';
import { Skeleton } from './ui/skeleton';

/** The creator's choice: product id → variant id. */
export type VariantChoice = Record<number, number>;

/** The choice as the API takes it. */
export function choiceList(choice: VariantChoice) {
  return Object.entries(choice).map(([productId, variantId]) => ({
    productId: Number(productId),
    variantId,
  }));
}

interface PickerProps {
  value: VariantChoice;
  onChange: (value: VariantChoice) => void;
  idPrefix: string;
}

/**
 * The picker of a campaign's products while they are read (applying, changing a choice): a placeholder, then the
 * reason they could not be loaded, or the picker (nothing when the box has no products to choose).
 */
export function CampaignVariantPicker({
  products,
  ...picker
}: PickerProps & { products: UseQueryResult<{ items: ProductView[] }> }) {
  if (products.isPending) {
    return <Skeleton className="h-16 w-full" role="status" aria-label="Loading the products" />;
  }
  if (products.isError) {
    return (
      <Alert variant="destructive">The products could not be loaded: {getErrorMessage(products.error)}</Alert>
    );
  }
  return products.data.items.length > 0 ? <VariantPicker products={products.data.items} {...picker} /> : null;
}

/**
 * One radio group per product: each variant with its value and boxes left; a sold-out or withdrawn one is shown,
 * disabled, with "Sold out" (issue 37). Arrow keys move within a group (native radios).
 */
export function VariantPicker({
  products,
  value,
  onChange,
  idPrefix,
}: PickerProps & { products: ProductView[] }) {
  return (
    <div className="flex flex-col gap-4">
      {products.map((product) => (
        <fieldset key={product.id} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">Choose your {product.name}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {product.variants.map((variant) => {
              const out = variant.soldOut || !variant.available;
              const id = `${idPrefix}-${variant.id}`;
              const checked = value[product.id] === variant.id;
              return (
                <label
                  key={variant.id}
                  htmlFor={id}
                  className={cn(
                    'flex min-h-11 items-center gap-3 rounded-lg border px-3 py-2 text-sm',
                    checked ? 'border-mint-600 bg-mint-50' : 'border-slate-300',
                    out
                      ? 'cursor-not-allowed bg-slate-50 text-slate-500'
                      : 'cursor-pointer hover:border-slate-400',
                  )}
                >
                  <input
                    id={id}
                    type="radio"
                    name={`${idPrefix}-product-${product.id}`}
                    value={variant.id}
                    checked={checked}
                    disabled={out}
                    onChange={() => onChange({ ...value, [product.id]: variant.id })}
                    className="size-4 accent-mint-600"
                  />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-medium text-slate-900">{variant.name}</span>
                    <span className="text-xs">
                      {formatUsd(variant.retailValue)} ·{' '}
                      {out ? 'Sold out' : boxesLeftLabel(variant.left, variant.stock)}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
