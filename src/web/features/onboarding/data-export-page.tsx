import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DATA_EXPORT_LINK_HOURS, DATA_RIGHTS_MESSAGES } from '../../../shared/schemas/data-rights';
import { StepUpHost } from '../../components/step-up-dialog';
import { Alert } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { ButtonSpinner, Spinner } from '../../components/ui/spinner';
import { ApiError, getErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { downloadDataExport, useDataExportLink } from './api/data-rights';
import { OnboardingFrame } from './onboarding-frame';

/**
 * /data-export/:token, the link of the "your data is ready" mail (issue 27): the signed-in owner saves the file with
 * one click. The link works once, for 24 hours; a used, expired or someone else's link says so as the page opens
 * (issue 41), not only once the button is pressed.
 */
export function DataExportPage() {
  useDocumentTitle('Download my data');
  const { token = '' } = useParams();
  const [state, setState] = useState<'idle' | 'working' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const link = useDataExportLink(token);
  const linkStatus = link.data?.status;

  async function save() {
    setState('working');
    setError(null);
    try {
      await downloadDataExport(token);
      setState('done');
    } catch (failure) {
      setError(getErrorMessage(failure, 'Your file could not be downloaded.'));
      setState('idle');
    }
  }

  // Unknown or someone else's link: the server says so (404). Any other failure to ask leaves the button, whose
  // download says what is wrong.
  const unknown = link.error instanceof ApiError && link.error.code === 'NOT_FOUND';
  const unusable =
    state === 'done'
      ? null
      : linkStatus === 'downloaded'
        ? DATA_RIGHTS_MESSAGES.linkUsed
        : linkStatus === 'expired'
          ? DATA_RIGHTS_MESSAGES.linkExpired
          : unknown
            ? getErrorMessage(link.error, DATA_RIGHTS_MESSAGES.linkUnknown)
            : null;
  const description =
    state === 'done' || linkStatus === 'ready' || (link.isError && !unknown)
      ? `Your file is ready. This link works once, for ${DATA_EXPORT_LINK_HOURS} hours after we emailed it.`
      : unusable
        ? 'This link can no longer be used.'
        : 'Checking your download link…';

  return (
    <OnboardingFrame title="Download my data" icon={<Download />} description={description} inLayout>
      <div className="flex flex-col items-center gap-4 text-center">
        {state === 'done' ? (
          <Alert title="Your file is downloaded" data-testid="data-export-done">
            <p>Keep it somewhere safe: it holds your personal information. This link no longer works.</p>
          </Alert>
        ) : unusable ? (
          <Alert variant="destructive" title="This link cannot be used" data-testid="data-export-unusable">
            <p>{unusable}</p>
          </Alert>
        ) : link.isPending ? (
          <Spinner label="Checking your download link" />
        ) : (
          <Button size="lg" onClick={() => void save()} disabled={state === 'working'}>
            {state === 'working' ? <ButtonSpinner label="Downloading" /> : <Download aria-hidden="true" />}
            Download my file
          </Button>
        )}
        {error ? (
          <Alert
            variant="destructive"
            title="The file could not be downloaded"
            data-testid="data-export-error"
          >
            <p>{error}</p>
          </Alert>
        ) : null}
        <Link to="/profile" className={buttonVariants({ variant: 'outline' })}>
          {unusable ? 'Request a new download on my profile' : 'Back to my profile'}
        </Link>
      </div>
      <StepUpHost />
    </OnboardingFrame>
  );
}
