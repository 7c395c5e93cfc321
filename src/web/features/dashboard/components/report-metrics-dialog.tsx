import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MetricsInput, PostMetrics } from '../../../../shared/schemas/content-metrics';
import {
  EMPTY_METRIC_FORM,
  MetricFields,
  type MetricFormValues,
  metricsResolver,
} from '../../../components/metric-fields';
import { MutationDialog, runThenClose } from '../../../components/mutation-dialog';
import { FieldFrame, fieldAria, Input } from '../../../components/ui/input';
import { useReportMetrics } from '../api/content-metrics';

/**
 * The creator reports a post's figures as the platform shows them, with a screenshot of that screen; an admin
 * confirms the report before it counts.
 */
export function ReportMetricsDialog({ post, onClose }: { post: PostMetrics; onClose: () => void }) {
  const id = useId();
  const report = useReportMetrics();
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [screenshotError, setScreenshotError] = useState<string | undefined>();
  const form = useForm<MetricFormValues, unknown, MetricsInput>({
    resolver: metricsResolver,
    defaultValues: { postUrl: post.postUrl, ...EMPTY_METRIC_FORM },
  });

  const send = form.handleSubmit(async (input) => {
    if (!screenshot) {
      setScreenshotError('Add a screenshot of the figures');
      return;
    }
    await runThenClose(
      () => report.mutateAsync({ submissionId: post.submissionId, input, screenshot }),
      { title: 'Figures sent', description: 'They count once the Mintbox team confirms them.' },
      onClose,
    );
  });

  return (
    <MutationDialog
      mutation={report}
      onClose={onClose}
      title="Report your post's figures"
      description={
        <>
          Copy the figures from the platform's insights for{' '}
          <span className="break-all font-medium">{post.postUrl}</span> and add a screenshot of that screen.
        </>
      }
      confirmLabel="Send figures"
      onConfirm={() => void send()}
    >
      <MetricFields idPrefix={id} register={form.register} errors={form.formState.errors} />
      <FieldFrame
        id={`${id}-screenshot`}
        label="Screenshot"
        error={screenshotError}
        hint="PNG, JPEG, WebP or GIF, at most 5 MB"
      >
        <Input
          id={`${id}-screenshot`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="h-auto py-2"
          {...fieldAria(`${id}-screenshot`, screenshotError, 'PNG, JPEG, WebP or GIF, at most 5 MB')}
          onChange={(event) => {
            setScreenshot(event.target.files?.[0] ?? null);
            setScreenshotError(undefined);
          }}
        />
      </FieldFrame>
    </MutationDialog>
  );
}
