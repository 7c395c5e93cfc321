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
