import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DATA_EXPORT_LINK_HOURS } from '../../../shared/schemas/data-rights';
import { StepUpHost } from '../../components/step-up-dialog';
import { Alert } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { getErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { downloadDataExport } from './api/data-rights';
import { OnboardingFrame } from './onboarding-frame';

/**
 * /data-export/:token, the link of the "your data is ready" mail (issue 27): the signed-in owner saves the file with
 * one click. The link works once, for 24 hours; a used, expired or someone else's link says so.
 */
export function DataExportPage() {
  useDocumentTitle('Download my data');
  const { token = '' } = useParams();
  const [state, setState] = useState<'idle' | 'working' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

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

  return (
    <OnboardingFrame
      title="Download my data"
      icon={<Download />}
      description={`Your file is ready. This link works once, for ${DATA_EXPORT_LINK_HOURS} hours after we emailed it.`}
      inLayout
    >
      <div className="flex flex-col items-center gap-4 text-center">
        {state === 'done' ? (
          <Alert title="Your file is downloaded" data-testid="data-export-done">
            <p>Keep it somewhere safe: it holds your personal information. This link no longer works.</p>
          </Alert>
        ) : (
          <Button size="lg" onClick={() => void save()} disabled={state === 'working'}>
            {state === 'working' ? (
              <Spinner
                className="[&>span:first-child]:size-4 [&>span:first-child]:border-2"
                label="Downloading"
              />
            ) : (
              <Download aria-hidden="true" />
            )}
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
          Back to my profile
        </Link>
      </div>
      <StepUpHost />
    </OnboardingFrame>
  );
}
