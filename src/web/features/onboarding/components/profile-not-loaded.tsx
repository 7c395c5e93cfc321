import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';

/** A part of the profile that could not be loaded: what, why (`message`), and Try again. */
export function LoadFailedAlert({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <Alert variant="destructive" title={title}>
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/**
 * A read of the profile page that failed (a TanStack query): `title`, why (`fallback` when the error has no words of
 * its own), and Try again, which reads it again.
 */
export function QueryFailedAlert({
  title,
  query,
  fallback,
}: {
  title: string;
  query: { error: unknown; refetch: () => unknown };
  fallback?: string;
}) {
  return (
    <LoadFailedAlert
      title={title}
      message={getErrorMessage(query.error, fallback)}
      onRetry={() => void query.refetch()}
    />
  );
}

/** /profile and /profile-setup while the creator's record is not there: its failure with Try again, or the spinner. */
export function ProfileNotLoaded({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return failed ? (
    <LoadFailedAlert
      title="Your profile could not be loaded"
      message="Please check your connection and try again."
      onRetry={onRetry}
    />
  ) : (
    <div className="flex justify-center py-16">
      <Spinner label="Loading your profile" />
    </div>
  );
}
