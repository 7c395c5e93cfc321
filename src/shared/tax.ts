import { labelledValues } from './labelled-values';

/**
 * Tax forms before cash (issue 27). A US marketplace that pays a creator $600 or more in a calendar year must hold a
 * W-9 and file a 1099-NEC; a payout that would take the year's paid total to the threshold waits for a form. The
 * threshold, the rule and the TIN format rules live here only (the server's hold, the forms and the screens use them).
 */

/** US dollars a creator may be paid in a calendar year (UTC) without a tax form on file. */
export const TAX_FORM_THRESHOLD_USD = 600;

const cents = (usd: number) => Math.round(usd * 100);

/**
 * Whether a payout of `amountUsd` would take the creator's paid total of the calendar year (`paidInYearUsd`: paid,
 * plus payouts already on their way) to the threshold or over it: then it is held until a form is on file.
 */
export function reachesTaxThreshold(paidInYearUsd: number, amountUsd: number): boolean {
  return cents(paidInYearUsd) + cents(amountUsd) >= cents(TAX_FORM_THRESHOLD_USD);
}

/** Whether a year's paid total is at or over the threshold (a 1099-NEC is due for it). */
export function atTaxThreshold(paidInYearUsd: number): boolean {
  return cents(paidInYearUsd) >= cents(TAX_FORM_THRESHOLD_USD);
}

export const TAX_FORM_LABELS = { w9: 'W-9', w8ben: 'W-8BEN' };
export const TAX_FORM_TYPES = labelledValues(TAX_FORM_LABELS);
export type TaxFormType = (typeof TAX_FORM_TYPES)[number];

/** active: the form on file; replaced: an earlier form, kept (the law asks for the records). */
export const TAX_FORM_STATUSES = ['active', 'replaced'] as const;
export type TaxFormStatus = (typeof TAX_FORM_STATUSES)[number];

export const TIN_TYPES = ['ssn', 'ein'] as const;
export type TinType = (typeof TIN_TYPES)[number];

/** The W-9's federal tax classifications (line 3a). */
export const FEDERAL_TAX_CLASSIFICATIONS = {
  individual: 'Individual/sole proprietor or single-member LLC',
  c_corporation: 'C corporation',
  s_corporation: 'S corporation',
  partnership: 'Partnership',
  trust_estate: 'Trust/estate',
  llc: 'Limited liability company',
  other: 'Other',
} as const;
export type FederalTaxClassification = keyof typeof FEDERAL_TAX_CLASSIFICATIONS;

/** The digits of a TIN as typed ("123-45-6789", "12 3456789"). */
export const tinDigits = (value: string) => value.replace(/[\s-]/g, '');

/**
 * Why a TIN is not a valid SSN or EIN by its format, or null. SSN: 9 digits, area not 000, 666 or 9xx, group not
 * 00, serial not 0000. EIN: 9 digits, prefix not 00 (nor 07, 08, 09, 17, 18, 19, 28, 29, 49, 69, 70, 78, 79, 89,
 * 96, 97, which the IRS does not assign). Never all the same digit.
 */
export function tinProblem(type: TinType, value: string): string | null {
  const digits = tinDigits(value);
  const name = type === 'ssn' ? 'an SSN' : 'an EIN';
  if (!/^\d{9}$/.test(digits)) {
    return type === 'ssn'
      ? 'Enter the SSN as 9 digits (123-45-6789).'
      : 'Enter the EIN as 9 digits (12-3456789).';
  }
  if (/^(\d)\1{8}$/.test(digits)) return `This is not ${name}: all its digits are the same.`;
  if (type === 'ssn') {
    const area = digits.slice(0, 3);
    if (area === '000' || area === '666' || area.startsWith('9')) {
      return 'This is not an SSN: it cannot start with 000, 666 or 9.';
    }
    if (digits.slice(3, 5) === '00') return 'This is not an SSN: its middle two digits cannot be 00.';
    if (digits.slice(5) === '0000') return 'This is not an SSN: its last four digits cannot be 0000.';
    return null;
  }
  const prefix = digits.slice(0, 2);
  const unassigned = [
    '00',
    '07',
    '08',
    '09',
    '17',
    '18',
    '19',
    '28',
    '29',
    '49',
    '69',
    '70',
    '78',
    '79',
    '89',
    '96',
    '97',
  ];
  if (unassigned.includes(prefix)) return `This is not an EIN: no EIN starts with ${prefix}.`;
  return null;
}

/** A TIN as it is filed: SSN 123-45-6789, EIN 12-3456789. */
export function formatTin(type: TinType, value: string): string {
  const d = tinDigits(value);
  return type === 'ssn'
    ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`
    : `${d.slice(0, 2)}-${d.slice(2)}`;
}

/** The only way a TIN is shown: the last four digits, `***-**-1234`. */
export function maskTin(last4: string): string {
  return `***-**-${last4}`;
}

/** A foreign TIN shown masked: its last four characters after stars. */
export function maskForeignTin(last4: string): string {
  return `****${last4}`;
}

/** The first and the last instant (exclusive) of a calendar year, UTC. */
export function taxYearRange(year: number): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
}

export const TAX_HOLD_MESSAGE = `This payout is waiting for a tax form: payouts that bring your total for the year to $${TAX_FORM_THRESHOLD_USD} or more are paid once a W-9 (US persons) or W-8BEN is on file.`;
export const TAX_HOLD_ADMIN_LABEL = 'Waiting for a tax form';
/** Where the creator files the form. */
export const TAX_FORM_PATH = '/profile#tax-form';
