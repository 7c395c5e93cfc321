import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver, UseFormRegister } from 'react-hook-form';
import { METRIC_FIELDS, METRIC_LABELS, type MetricField } from '../../shared/content-metrics';
import { type MetricsInput, metricsInputSchema } from '../../shared/schemas/content-metrics';
import { TextField } from './ui/input';

export type MetricFormValues = Record<MetricField, string> & { postUrl: string };

export const EMPTY_METRIC_FORM: Omit<MetricFormValues, 'postUrl'> = {
  views: '',
  likes: '',
  comments: '',
  shares: '',
  saves: '',
  reach: '',
};

/** The server's own schema checks the form: its counts accept the text of an input (blank: unknown). */
export const metricsResolver = zodResolver(metricsInputSchema) as Resolver<
  MetricFormValues,
  unknown,
  MetricsInput
>;

/** The six counts of a post, each optional (blank: unknown, e.g. the platform does not show it). */
export function MetricFields({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<MetricFormValues>;
  errors: FieldErrors<MetricFormValues>;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {METRIC_FIELDS.map((field) => (
        <TextField
          key={field}
          id={`${idPrefix}-${field}`}
          label={METRIC_LABELS[field]}
          error={errors[field]?.message}
          inputMode="numeric"
          autoComplete="off"
          {...register(field)}
        />
      ))}
    </div>
  );
}
