import { type CampaignType, shipsBox } from '../../shared/constants';
import { formatIsoDate } from '../../shared/dates';

/** Number and money formats shared by the admin and creator screens (spec §2, §9). */

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * A reach, one rule everywhere (the spec's one decimal; issue 41: the table's '2,500K' beside the cards' '36.0M'):
 * thousands below a million, millions from there. 850_000 → '850.0K', 2_500_000 → '2.5M', 36_000_000 → '36.0M',
 * 500 → '0.5K', 0 → '0.0K'.
 */
export function formatReach(value: number): string {
  if (Math.abs(value) < 999_950) return `${oneDecimal.format(Math.round(value / 100) / 10)}K`;
  return `${oneDecimal.format(Math.round(value / 100_000) / 10)}M`;
}

/** Dollars in thousands with one decimal: 3_200 → '$3.2K'. */
export function formatThousandsUsd(value: number): string {
  return `$${(Math.round(value / 100) / 10).toFixed(1)}K`;
}

/** A budget (decimal string or number) in dollars: '12000' → '$12,000', '99.5' → '$99.50'. */
export function formatUsd(value: string | number): string {
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return '$0';
  return Number.isInteger(amount)
    ? usd.format(amount)
    : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

/** A follower count, compact: 950 → '950', 5_000 → '5K', 12_345 → '12.3K', 1_200_000 → '1.2M'. */
export function formatFollowers(value: number): string {
  if (value < 1_000) return whole.format(value);
  if (value < 999_950) return `${trimZero((Math.round(value / 100) / 10).toFixed(1))}K`;
  return `${trimZero((Math.round(value / 100_000) / 10).toFixed(1))}M`;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/** A whole number with separators: 1234 → '1,234'. */
export function formatNumber(value: number): string {
  return whole.format(value);
}

/** 'Mar 5, 2026' for a timestamp (local time). */
export function formatShortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'Mar 5, 2026, 3:04 PM' for a timestamp (local time). */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** 'Mar 5, 2026' for an ISO calendar date (YYYY-MM-DD), with no time-zone shift. */
export function formatShortIsoDate(isoDate: string): string {
  return formatIsoDate(isoDate, 'short');
}

/** '3 hours ago', 'yesterday', 'Mar 5, 2026' (older than a week). */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  if (seconds < 60) return 'just now';
  if (seconds < 3_600) return rtf.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return rtf.format(-Math.floor(seconds / 3_600), 'hour');
  if (seconds < 7 * 86_400) return rtf.format(-Math.floor(seconds / 86_400), 'day');
  return formatShortDate(iso);
}

/** What a campaign gives a creator, in words: its Mint and whether a PR box comes with it. */
export interface CampaignReward {
  /** '40 Mint', or null when the campaign pays no Mint and sends a box (gifting only). */
  mint: string | null;
  /** Whether a PR box is shipped (the campaign type says so). */
  box: boolean;
  /** One line: '40 Mint + PR box', '40 Mint' or 'PR box'. */
  text: string;
}

/**
 * The one formatter of a campaign's reward, used by every screen (cards, campaign page, matched list, dashboards,
 * admin). A gifting-only campaign (a PR box and no Mint) reads 'PR box', never '0 Mint + PR box'; a campaign that
 * pays Mint reads '{reward} Mint' (spec §9), with '+ PR box' when a box comes too.
 */
export function campaignReward({ type, reward }: { type: CampaignType; reward: number }): CampaignReward {
  const box = shipsBox(type);
  const mint = reward > 0 || !box ? `${formatNumber(reward)} Mint` : null;
  return { mint, box, text: mint ? (box ? `${mint} + PR box` : mint) : 'PR box' };
}

/** The retail value of one PR box as cards say it: '$85 value', '$85.50 value'; null when not stated. */
export function productValueText({ productValue }: { productValue: string | null }): string | null {
  return productValue === null ? null : `${formatUsd(productValue)} value`;
}

/**
 * Boxes left: a campaign with products says them and its boxes over every variant, 'Serum · 12 of 40 left' (issue
 * 37); one that caps its boxes, '12 of 40 boxes left'; null otherwise.
 */
export function boxesLeftText({
  maxAccepted,
  boxesLeft,
  box,
}: {
  maxAccepted: number | null;
  boxesLeft: number | null;
  box?: { products: string; stock: number; left: number } | null;
}): string | null {
  if (box) return `${box.products} · ${formatNumber(box.left)} of ${formatNumber(box.stock)} left`;
  if (maxAccepted === null || boxesLeft === null) return null;
  return `${formatNumber(boxesLeft)} of ${formatNumber(maxAccepted)} ${maxAccepted === 1 ? 'box' : 'boxes'} left`;
}
