import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { METRIC_FIELDS } from '../../../../shared/content-metrics';
import type { MetricsInput, PostMetrics } from '../../../../shared/schemas/content-metrics';
import { MetricFields, type MetricFormValues, metricsResolver } from '../../../components/metric-fields';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useMetricActions } from '../api/content-metrics';

/** The admin enters or corrects a post's figures; they are saved with 'Admin' as their source, measured now. */
export function EnterMetricsDialog({ post, onClose }: { post: PostMetrics; onClose: () => void }) {
  const id = useId();
  const { enter } = useMetricActions();
  const current = Object.fromEntries(
    METRIC_FIELDS.map((f) => [f, post[f] === null ? '' : String(post[f])]),
  ) as Omit<MetricFormValues, 'postUrl'>;
  const form = useForm<MetricFormValues, unknown, MetricsInput>({
    resolver: metricsResolver,
    defaultValues: { postUrl: post.postUrl, ...current },
  });
  const save = form.handleSubmit(async (input) => {
    try {
      await enter.mutateAsync({ submissionId: post.submissionId, input });
      toast({
        title: 'Figures saved',
        description: `${post.creatorName}'s post now shows them as Admin figures.`,
      });
      onClose();
    } catch {
      // Shown in the dialog.
    }
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Enter figures"
      description={
        <>
          {post.creatorName} (@{post.creatorUsername}):{' '}
          <span className="break-all font-medium">{post.postUrl}</span>. Leave a figure blank when the
          platform does not show it. Figures read from the platform's API still win over these.
        </>
      }
      confirmLabel="Save figures"
      pending={enter.isPending}
      error={enter.isError ? getErrorMessage(enter.error) : null}
      onConfirm={() => void save()}
    >
      <MetricFields idPrefix={id} register={form.register} errors={form.formState.errors} />
    </ConfirmDialog>
  );
}
