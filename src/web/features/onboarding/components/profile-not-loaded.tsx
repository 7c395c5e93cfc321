import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

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
