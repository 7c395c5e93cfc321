import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** /profile and /profile-setup while the creator's record is not there: its failure with Try again, or the spinner. */
export function ProfileNotLoaded({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return failed ? (
    <Alert variant="destructive" title="Your profile could not be loaded">
      <p>Please check your connection and try again.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  ) : (
    <div className="flex justify-center py-16">
      <Spinner label="Loading your profile" />
    </div>
  );
}
