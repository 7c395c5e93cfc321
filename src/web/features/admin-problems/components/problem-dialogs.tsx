import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type AdminProblem,
  type ProblemReshipInput,
  problemReplySchema,
  problemReshipSchema,
} from '../../../../shared/schemas/delivery-problems';
import { MutationDialog, runThenClose } from '../../../components/mutation-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { TextareaField } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { useFormCheck } from '../../../lib/admin-form-check';
import { getErrorMessage } from '../../../lib/api-client';
import { formFields } from '../../../lib/form-field';
import { useProblemActions } from '../api/problems';

export function ReplyForm({ problem }: { problem: AdminProblem }) {
  const id = useId();
  const { reply } = useProblemActions();
  const [message, setMessage] = useState('');
  const { problem: problemText, check } = useFormCheck(problemReplySchema);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = check({ message });
    if (!input) return;
    try {
      await reply.mutateAsync({ id: problem.id, message: input.message });
      setMessage('');
      toast({
        title: 'Reply sent',
        description: `${problem.creator.name} gets it by mail and on their dashboard.`,
      });
    } catch {
      // Shown below.
    }
  };
  return (
    <form
      noValidate
      onSubmit={send}
      className="flex flex-col gap-2"
      aria-label={`Reply to ${problem.creator.name}`}
    >
      <TextareaField
        id={`${id}-reply`}
        label="Reply to the creator"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={problemText}
        maxLength={2000}
        className="[&_textarea]:min-h-16"
      />
      {reply.isError ? <Alert variant="destructive">{getErrorMessage(reply.error)}</Alert> : null}
      <div>
        <Button type="submit" size="sm" disabled={reply.isPending}>
          <Send aria-hidden="true" /> {reply.isPending ? 'Sending…' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}

export function ResolveDialog({ problem, onClose }: { problem: AdminProblem; onClose: () => void }) {
  const id = useId();
  const { resolve } = useProblemActions();
  const [message, setMessage] = useState('');
  return (
    <MutationDialog
      mutation={resolve}
      onClose={onClose}
      title="Resolve this problem?"
      description={`${problem.creator.name} is told by mail. The time it stayed open is added to their upload deadline.`}
      confirmLabel="Resolve"
      onConfirm={() =>
        runThenClose(
          () => resolve.mutateAsync({ id: problem.id, message: message.trim() || undefined }),
          { title: 'Problem resolved', variant: 'success' },
          onClose,
        )
      }
    >
      <TextareaField
        id={`${id}-message`}
        label="Message to the creator (optional)"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        maxLength={2000}
      />
    </MutationDialog>
  );
}

export function ReshipDialog({ problem, onClose }: { problem: AdminProblem; onClose: () => void }) {
  const id = useId();
  const { reship } = useProblemActions();
  const form = useForm<ProblemReshipInput, unknown, z.output<typeof problemReshipSchema>>({
    resolver: zodResolver(problemReshipSchema),
    defaultValues: { carrier: '', trackingNumber: '', message: '' },
  });
  const field = formFields(form, id);
  const submit = form.handleSubmit((input) =>
    runThenClose(
      () => reship.mutateAsync({ id: problem.id, input }),
      {
        title: 'New box shipped',
        description: `${problem.creator.name} gets the tracking number by mail.`,
        variant: 'success',
      },
      onClose,
    ),
  );
  return (
    <MutationDialog
      mutation={reship}
      onClose={onClose}
      title={`Ship a new box to ${problem.creator.name}`}
      description="The application goes back to shipped with the new tracking number; the creator confirms the delivery again, and their upload deadline follows the new delivery."
      confirmLabel="Re-ship"
      onConfirm={() => void submit()}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Carrier" placeholder="UPS" {...field('carrier')} />
        <TextField
          label="Tracking number"
          autoComplete="off"
          {...field('trackingNumber', undefined, 'tracking')}
        />
        <TextField
          label="Message to the creator (optional)"
          className="sm:col-span-2"
          {...field('message')}
        />
      </div>
    </MutationDialog>
  );
}
