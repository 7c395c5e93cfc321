import { Spinner } from './ui/spinner';

/** Shown while a page's code or its first data loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}
