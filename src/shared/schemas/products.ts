import { z } from 'zod';
import { filledText } from './text-field';

/** A product's name, a variant's name or SKU: trimmed, not empty. */
const label = (field: string, max: number) =>
  filledText({ missing: `${field} is required`, max, tooLong: `${field} must be at most ${max} characters` });

/** Dollars and cents, as the admin types them ("24", "24.5", "24.50"). */
const money = z
  .union([z.string(), z.number()], { error: 'retailValue must be an amount in dollars, like 24.50' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), {
    error: 'retailValue must be an amount in dollars, like 24.50',
  });

const boxes = z
  .number({ error: 'stock must be a whole number of boxes' })
  .int({ error: 'stock must be a whole number of boxes' })
  .min(0, { error: 'stock cannot be negative' })
  .max(1_000_000, { error: 'stock must be at most 1,000,000 boxes' });

/** An image: an uploaded file (/uploads/…) or a packaged one (/images/…); no remote URLs at run time. */
const image = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || v.startsWith('/'), { error: 'imageUrl must be an uploaded image' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const variantInputSchema = z.object({
  name: label('name', 80),
  sku: label('sku', 64),
  retailValue: money,
  imageUrl: image,
  stock: boxes,
  /** The variant in the brand's connected Shopify store (its GID), so acceptance can order it there. */
  storeVariantId: z
    .string()
    .trim()
    .regex(/^gid:\/\/shopify\/ProductVariant\/\d+$/, {
      error: 'storeVariantId must be a Shopify variant id like gid://shopify/ProductVariant/123',
    })
    .optional(),
});
export type VariantInput = z.input<typeof variantInputSchema>;

export const variantPatchSchema = variantInputSchema.partial().extend({
  /** False withdraws the variant from the offer (kept for the applications that chose it). */
  available: z.boolean({ error: 'available must be true or false' }).optional(),
});

export const productInputSchema = z.object({
  name: label('name', 120),
  variants: z
    .array(variantInputSchema)
    .min(1, { error: 'A product needs at least one variant' })
    .max(50, { error: 'A product can have at most 50 variants' }),
});
export type ProductInput = z.input<typeof productInputSchema>;

export const productPatchSchema = z.object({ name: label('name', 120) });

export const variantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  retailValue: z.string(),
  imageUrl: z.string().nullable(),
  stock: z.number().int(),
  /** Boxes held by accepted applications (shipped ones included). */
  reserved: z.number().int(),
  /** Boxes left: stock - reserved. */
  left: z.number().int(),
  available: z.boolean(),
  soldOut: z.boolean(),
});
export type VariantView = z.infer<typeof variantSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Imported from a connected store (its name), or null when entered by hand. */
  store: z.string().nullable(),
  variants: z.array(variantSchema),
  stock: z.number().int(),
  left: z.number().int(),
});
export type ProductView = z.infer<typeof productSchema>;

export const productListSchema = z.object({ items: z.array(productSchema) });

/** The creator's choice: one variant of each product the campaign offers. */
export const choiceSchema = z.object({
  productId: z.number({ error: 'productId must be a product id' }).int().positive(),
  variantId: z.number({ error: 'variantId must be a variant id' }).int().positive(),
});
export const choicesField = z.array(choiceSchema).max(20, { error: 'Too many choices' });
export const choicesInputSchema = z.object({ choices: choicesField });

/** A choice as shown (review page, shipping list, the creator's dashboard). */
export const chosenVariantSchema = z.object({
  productId: z.number().int(),
  product: z.string(),
  variantId: z.number().int(),
  variant: z.string(),
  sku: z.string(),
});
export type ChosenVariant = z.infer<typeof chosenVariantSchema>;

/** "Serum · Shade 02": how a chosen variant reads everywhere (packing summary, CSV, review page). */
export function variantLabel(product: string, variant: string): string {
  return `${product} · ${variant}`;
}

/** "12 of 40 left". */
export function boxesLeftLabel(left: number, stock: number): string {
  return `${left} of ${stock} left`;
}

/** Issue 37: the creator was asked for another option (the one that ran out); `mailed` unless mails are off. */
export const choiceRequestResultSchema = z.object({
  id: z.number().int(),
  soldOut: z.string(),
  mailed: z.boolean(),
});
export type ChoiceRequestResult = z.infer<typeof choiceRequestResultSchema>;

/** One line of a campaign's packing summary: the boxes of one variant to pack now and those already shipped. */
export const packingLineSchema = chosenVariantSchema.extend({
  /** Accepted creators whose box has not shipped yet. */
  toPack: z.number().int(),
  shipped: z.number().int(),
  /** "Serum · Shade 02 × 14" (the boxes to pack). */
  label: z.string(),
});
export const packingSummarySchema = z.object({
  items: z.array(packingLineSchema),
  toPack: z.number().int(),
  shipped: z.number().int(),
});
export type PackingSummary = z.infer<typeof packingSummarySchema>;

/** "Serum · Shade 02 × 14": one line of the packing summary. */
export function packingLabel(product: string, variant: string, boxes: number): string {
  return `${variantLabel(product, variant)} × ${boxes}`;
}
