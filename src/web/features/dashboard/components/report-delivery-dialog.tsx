import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DELIVERY_PROBLEMS, type DeliveryProblem } from '../../../../shared/lifecycle/delivery-problems';
import { deliverySchema } from '../../../../shared/schemas/application';
import { MutationDialog, runThenClose } from '../../../components/mutation-dialog';
import { TextareaField } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import { formFields } from '../../../lib/form-field';
import { maxLengthOf } from '../../../lib/schema-limits';
import { useApplicationActions } from '../api/dashboard-queries';
import type { ApplicationDialogProps } from './application-dialog-props';

/** The 'report' answer of POST /api/applications/:id/delivery, without its action. */
const reportSchema = deliverySchema.options[1].omit({ action: true });
type ReportInput = z.input<typeof reportSchema>;
type Report = z.output<typeof reportSchema>;

const NOTE_MAX = maxLengthOf(reportSchema.shape.note);

/** Each problem as the creator chooses it. */
const CHOICES: Record<DeliveryProblem, string> = {
  not_received: 'My PR box has not arrived',
  damaged: 'My PR box arrived damaged',
  wrong_item: 'I received the wrong item',
};

/** Report a problem with the PR box: not received or damaged, with optional details; the brand is told at once. */
export function ReportDeliveryDialog({ application, onClose }: ApplicationDialogProps) {
  const id = useId();
  const { delivery } = useApplicationActions();
  const form = useForm<ReportInput, unknown, Report>({
    resolver: zodResolver(reportSchema),
    defaultValues: { problem: 'not_received', note: '' },
  });
  const field = formFields(form, id);
  const problem = form.watch('problem');

  const send = form.handleSubmit(({ problem: chosen, note }) =>
    runThenClose(
      () =>
        delivery.mutateAsync({
          id: application.id,
          input: { action: 'report', problem: chosen, note: note || undefined },
        }),
      { title: 'Problem reported', description: 'The brand has been told.' },
      onClose,
    ),
  );

  return (
    <MutationDialog
      mutation={delivery}
      onClose={onClose}
      title="Report a problem with your PR box"
      description={`${application.campaign.brand} is told at once and will get back to you.`}
      confirmLabel="Send report"
      onConfirm={() => void send()}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">What happened?</legend>
        {DELIVERY_PROBLEMS.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm font-medium',
              problem === value ? 'border-mint-600 bg-mint-50' : 'border-slate-200',
            )}
          >
            <input
              type="radio"
              value={value}
              {...form.register('problem')}
              className="size-4 accent-mint-700"
            />
            {CHOICES[value]}
          </label>
        ))}
      </fieldset>
      <TextareaField label="Details (optional)" maxLength={NOTE_MAX} rows={3} {...field('note')} />
    </MutationDialog>
  );
}
