import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatNumber } from '../lib/format';
import { Button } from './ui/button';

/** The page a list shows, from its URL (?page=2); anything unreadable is page 1. */
export function pageFromParams(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/**
 * The cursor of the page a list shows, from its URL (?page=2&cursor=…): lists page by keyset (issue 28), the
 * cursor a page's answer gave for its neighbour. '' on page 1 (or when the URL has none: page 1's rows).
 */
export function cursorFromParams(params: URLSearchParams): string {
  return pageFromParams(params) > 1 ? (params.get('cursor') ?? '') : '';
}

/** Writes a page and its cursor into a list's URL parameters (page 1 has neither). */
export function setPageParams(search: URLSearchParams, page: number, cursor: string): void {
  if (page > 1) {
    search.set('page', String(page));
    if (cursor) search.set('cursor', cursor);
  }
}

/**
 * The foot of a paged list: which rows are shown of how many (announced when it changes), and Previous / Next
 * with the page number. Pages move one at a time, by the cursors of the page shown (`onPage(page, cursor)`).
 */
export function Pagination({
  page,
  pageSize,
  total,
  shown,
  nextCursor,
  prevCursor,
  onPage,
  totalCapped = false,
  loading = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Rows on this page. */
  shown: number;
  nextCursor: string | null;
  prevCursor: string | null;
  onPage: (page: number, cursor: string) => void;
  /** The total is a floor (a broad search counts up to it): shown as "1,000+", the page count left out. */
  totalCapped?: boolean;
  /**
   * The rows on screen are still the last page's while this one loads (a query's placeholder data): the foot says
   * so instead of counting rows that are not there yet, and the buttons wait.
   */
  loading?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const offset = (page - 1) * pageSize;
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm sm:flex-row">
      <p className="text-slate-600" aria-live="polite">
        {loading ? (
          `Loading page ${formatNumber(page)}…`
        ) : (
          <>
            Showing {formatNumber(offset + 1)}–{formatNumber(offset + shown)} of {formatNumber(total)}
            {totalCapped ? '+' : ''}
          </>
        )}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={loading || page <= 1}
          // Page 1 is read from the top (rows added since are shown); any other from the page shown.
          onClick={() => onPage(page - 1, page - 1 <= 1 ? '' : (prevCursor ?? ''))}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="text-slate-600">
          {totalCapped ? `Page ${page}` : `Page ${page} of ${Math.max(pages, page)}`}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={loading || !nextCursor}
          onClick={() => nextCursor && onPage(page + 1, nextCursor)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
