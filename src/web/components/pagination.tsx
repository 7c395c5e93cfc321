import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatNumber } from '../lib/format';
import { Button } from './ui/button';

/** The page a list shows, from its URL (?page=2); anything unreadable is page 1. */
export function pageFromParams(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/**
 * The foot of a paged list: which rows are shown of how many (announced when it changes), and Previous / Next
 * with the page number.
 */
export function Pagination({
  page,
  pageSize,
  total,
  shown,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Rows on this page. */
  shown: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const offset = (page - 1) * pageSize;
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm sm:flex-row">
      <p className="text-slate-600" aria-live="polite">
        Showing {formatNumber(offset + 1)}–{formatNumber(offset + shown)} of {formatNumber(total)}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="text-slate-600">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
