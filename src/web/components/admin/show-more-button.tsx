import { getErrorMessage } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';
import { Button, type ButtonProps } from '../ui/button';

/** What the button reads of the list it extends (a TanStack infinite query). */
interface MorePages {
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The button under a list that loads its next page: `label` ("Show more problems"), 'Loading…' while it loads. */
export function ShowMoreButton({
  pages,
  label,
  variant = 'outline',
  ...button
}: Omit<ButtonProps, 'onClick' | 'disabled' | 'children'> & { pages: MorePages; label: string }) {
  return (
    <Button
      variant={variant}
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
      {...button}
    >
      {pages.isFetchingNextPage ? 'Loading…' : label}
    </Button>
  );
}

/** What the foot reads of the list (a TanStack infinite query). */
interface PagedList extends MorePages {
  hasNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
}

/**
 * The foot of a list read a page at a time: "Show more `noun`" with how many rows are shown of how many, while there
 * is a next page, and why the next page did not load. `testId` starts the button's and the count's test ids.
 */
export function ShowMoreFooter({
  pages,
  noun,
  shown,
  total,
  testId,
}: {
  pages: PagedList;
  noun: string;
  shown: number;
  total: number;
  testId: string;
}) {
  return (
    <>
      {pages.hasNextPage ? (
        <div className="flex flex-col items-center gap-1">
          <ShowMoreButton pages={pages} label={`Show more ${noun}`} data-testid={`${testId}-more`} />
          <p className="text-xs text-slate-600" data-testid={`${testId}-shown`}>
            {formatNumber(shown)} of {formatNumber(total)} shown
          </p>
        </div>
      ) : null}
      {pages.isFetchNextPageError ? <NextPageError error={pages.error} noun={noun} /> : null}
    </>
  );
}

/** Why the next page of a list did not load ("More creators could not be loaded." without the server's reason). */
export function NextPageError({ error, noun }: { error: unknown; noun: string }) {
  return (
    <p className="text-center text-sm text-red-700" role="alert">
      {getErrorMessage(error, `More ${noun} could not be loaded.`)}
    </p>
  );
}
