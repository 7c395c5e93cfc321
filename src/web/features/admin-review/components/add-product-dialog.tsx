import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { keptOpenWhilePending, MutationFormActions } from '../../../components/mutation-form-actions';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { CompactField, Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useAddProduct } from '../api/products';

type Row = { key: number; name: string; sku: string; retailValue: string; stock: string };
let rowKey = 0;
const blank = (): Row => {
  rowKey += 1;
  return { key: rowKey, name: '', sku: '', retailValue: '', stock: '' };
};

/** A variant row's fields: the label, the row's value it edits, its id's end and the keypad a phone shows. */
const VARIANT_FIELDS: {
  label: string;
  key: Exclude<keyof Row, 'key'>;
  idEnd: string;
  inputMode?: 'decimal' | 'numeric';
}[] = [
  { label: 'Variant', key: 'name', idEnd: 'name' },
  { label: 'SKU', key: 'sku', idEnd: 'sku' },
  { label: 'Retail value ($)', key: 'retailValue', idEnd: 'value', inputMode: 'decimal' },
  { label: 'Boxes', key: 'stock', idEnd: 'stock', inputMode: 'numeric' },
];

/** The props of the review page's two product dialogs (by hand, from a store). */
export interface ProductDialogProps {
  campaignId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add a product by hand: its name and one row per variant (name, SKU, retail value, boxes). */
export function AddProductDialog({ campaignId, open, onOpenChange }: ProductDialogProps) {
  const id = useId();
  const returnFocus = useReturnFocus(open);
  const add = useAddProduct(campaignId);
  const [name, setName] = useState('');
  const [rows, setRows] = useState<Row[]>([blank()]);
  const set = (i: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    add.mutate(
      {
        name,
        variants: rows.map((r) => ({
          name: r.name,
          sku: r.sku,
          retailValue: r.retailValue,
          stock: r.stock.trim() === '' ? Number.NaN : Number(r.stock),
        })),
      },
      {
        onSuccess: () => {
          toast({ title: `${name.trim()} added`, variant: 'success' });
          setName('');
          setRows([blank()]);
          onOpenChange(false);
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={keptOpenWhilePending(add, onOpenChange)}>
      <DialogContent onCloseAutoFocus={returnFocus} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add a product</DialogTitle>
          <DialogDescription>
            One row per variant (a shade, a size): creators choose one, and each accepted creator holds one
            box.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-name`}>Product name</Label>
            <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
          </div>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-semibold text-slate-800">Variants</legend>
            {rows.map((row, i) => (
              <div
                key={row.key}
                className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_7rem_6rem_auto] sm:items-end"
              >
                {VARIANT_FIELDS.map((field) => (
                  <VariantField
                    key={field.key}
                    label={field.label}
                    id={`${id}-${i}-${field.idEnd}`}
                    value={row[field.key]}
                    inputMode={field.inputMode}
                    onChange={(v) => set(i, { [field.key]: v })}
                  />
                ))}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove variant ${i + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => setRows((all) => [...all, blank()])}
            >
              <Plus aria-hidden="true" />
              Add a variant
            </Button>
          </fieldset>
          <MutationFormActions mutation={add} onCancel={() => onOpenChange(false)}>
            Save product
          </MutationFormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function VariantField({
  label,
  id,
  value,
  onChange,
  inputMode,
}: {
  label: string;
  id: string;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <CompactField id={id} label={label}>
      <Input
        id={id}
        value={value}
        inputMode={inputMode}
        onChange={(e) => onChange(e.target.value)}
        className="h-9"
      />
    </CompactField>
  );
}
