import type { ReactNode } from 'react';
import { ErrorPanel } from '../error-panel';
import { Pagination } from '../pagination';
import { Button } from '../ui/button';
import { AdminEmptyState } from './admin-layout';

/** One page of an admin list as the server answers it (keyset pages, issue 28). */
interface ListPage<Row> {
  items: Row[];
  total: number;
  /** The total is a floor (a broad search counts up to it). */
  totalCapped?: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
}

/** What the list reads of its query (a TanStack query that keeps the last page while the next one loads). */
interface PagedQuery<Row> {
  data: ListPage<Row> | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface AdminPagedListProps<Row> {
  list: PagedQuery<Row>;
  page: number;
  pageSize: number;
  onPage: (page: number, cursor: string) => void;
  /** The error panel's title when the first page could not be loaded ("We couldn't load campaigns."). */
  failedTitle: string;
  /** The empty states' icon. */
  icon: ReactNode;
  /** The empty state's title and content when the list has no rows at all (or none match its filters). */
  emptyTitle: string;
  emptyContent: ReactNode;
  /** A list with a search: when the search found nothing, what to try and Clear search instead of the above. */
  search?: { active: boolean; noMatchTitle: string; noMatchHint: string; onClear: () => void };
  /** What stands in before the first page; without it the frame is shown with `rows(undefined)`. */
  placeholder?: ReactNode;
  /** Leave the foot out while every row fits on one page. */
  footOnlyWhenPaged?: boolean;
  /** The rows of the page (a table, a list), or their loading rows for `undefined`. */
  rows: (items: Row[] | undefined) => ReactNode;
}

/**
 * A paged list of an admin screen: the failure with Retry, an empty state (the way back to the first page when a
 * later page emptied, Clear search when a search found nothing, or `emptyTitle` when there is nothing to show), or
 * the rows in their white frame with the pagination foot.
 */
export function AdminPagedList<Row>({
  list,
  page,
  pageSize,
  onPage,
  failedTitle,
  icon,
  emptyTitle,
  emptyContent,
  search,
  placeholder,
  footOnlyWhenPaged = false,
  rows,
}: AdminPagedListProps<Row>) {
  const data = list.data;
  if (list.isError && !data) {
    return <ErrorPanel title={failedTitle} error={list.error} onRetry={() => list.refetch()} />;
  }
  if (!data && placeholder) return placeholder;
  if (data && data.items.length === 0) {
    return data.total > 0 ? (
      <AdminEmptyState icon={icon} title="This page is empty">
        <Button className="mt-2" variant="outline" onClick={() => onPage(1, '')}>
          Back to the first page
        </Button>
      </AdminEmptyState>
    ) : search?.active ? (
      <AdminEmptyState icon={icon} title={search.noMatchTitle}>
        <p>{search.noMatchHint}</p>
        <Button className="mt-4" variant="outline" onClick={search.onClear}>
          Clear search
        </Button>
      </AdminEmptyState>
    ) : (
      <AdminEmptyState icon={icon} title={emptyTitle}>
        {emptyContent}
      </AdminEmptyState>
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {rows(data?.items)}
      {data && (!footOnlyWhenPaged || data.total > pageSize) ? (
        <Pagination
          page={page}
          pageSize={pageSize}
          total={data.total}
          totalCapped={data.totalCapped}
          shown={data.items.length}
          nextCursor={data.nextCursor}
          prevCursor={data.prevCursor}
          loading={list.isPlaceholderData}
          onPage={onPage}
        />
      ) : null}
    </div>
  );
}
