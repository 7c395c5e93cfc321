import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { METRIC_FIELDS } from '../../../../shared/content-metrics';
import type { MetricsInput, PostMetrics } from '../../../../shared/schemas/content-metrics';
import { MetricFields, type MetricFormValues, metricsResolver } from '../../../components/metric-fields';
import { MutationDialog, runThenClose } from '../../../components/mutation-dialog';
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
  const save = form.handleSubmit((input) =>
    runThenClose(
      () => enter.mutateAsync({ submissionId: post.submissionId, input }),
      { title: 'Figures saved', description: `${post.creatorName}'s post now shows them as Admin figures.` },
      onClose,
    ),
  );
  return (
    <MutationDialog
      mutation={enter}
      onClose={onClose}
      title="Enter figures"
      description={
        <>
          {post.creatorName} (@{post.creatorUsername}):{' '}
          <span className="break-all font-medium">{post.postUrl}</span>. Leave a figure blank when the
          platform does not show it. Figures read from the platform's API still win over these.
        </>
      }
      confirmLabel="Save figures"
      onConfirm={() => void save()}
    >
      <MetricFields idPrefix={id} register={form.register} errors={form.formState.errors} />
    </MutationDialog>
  );
}
