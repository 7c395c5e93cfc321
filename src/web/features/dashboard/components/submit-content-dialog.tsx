import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { PLATFORM_LABELS, type Platform } from '../../../../shared/constants';
import { isPlatformPostUrl } from '../../../../shared/lifecycle/post-links';
import { type MyApplication, submissionSchema } from '../../../../shared/schemas/application';
import { withArticle } from '../../../../shared/wording';
import { MutationDialog, runThenClose } from '../../../components/mutation-dialog';
import { PlatformIcon } from '../../../components/platform-icon';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { TextareaField } from '../../../components/ui/textarea';
import { firstErrorMessage } from '../../../lib/form-errors';
import { formatShortIsoDate } from '../../../lib/format';
import { maxLengthOf } from '../../../lib/schema-limits';
import { useApplicationActions } from '../api/dashboard-queries';
import type { ApplicationDialogProps } from './application-dialog-props';

const MAX_LINKS = maxLengthOf(submissionSchema.shape.urls);
const NOTE_MAX = maxLengthOf(submissionSchema.shape.note);

const PLACEHOLDERS: Record<Platform, string> = {
  instagram: 'https://www.instagram.com/p/…',
  tiktok: 'https://www.tiktok.com/@you/video/…',
  youtube: 'https://www.youtube.com/watch?v=…',
  facebook: 'https://www.facebook.com/…',
};

/**
 * The form of the dialog: link rows (empty rows are ignored) and a note. The links must be posts on the campaign's
 * platform, said in the creator's words; then the shared submission schema (at most 10 web addresses, the note's
 * length) decides, as the server does.
 */
function submitFormSchema(platform: Platform) {
  const label = PLATFORM_LABELS[platform];
  return z.object({
    urls: z
      .array(z.object({ value: z.string() }))
      .transform((rows) => rows.map((row) => row.value.trim()).filter(Boolean))
      .superRefine((links, ctx) => {
        if (links.length === 0)
          ctx.addIssue({ code: 'custom', message: `Add the link to your ${label} post.` });
        const bad = links.find((url) => !isPlatformPostUrl(url, platform));
        if (bad)
          ctx.addIssue({ code: 'custom', message: `${bad} is not a link to ${withArticle(label)} post.` });
      })
      .pipe(submissionSchema.shape.urls),
    note: submissionSchema.shape.note,
  });
}
type SubmitSchema = ReturnType<typeof submitFormSchema>;

/** The link rows the dialog opens with: the last submission's links, or one empty row. */
function previousLinks(application: MyApplication) {
  const urls = application.latestSubmission?.urls ?? [];
  return urls.length > 0 ? urls.map((value) => ({ value })) : [{ value: '' }];
}

/** Submit (or resubmit) content: the links to the posts on the campaign's platform, and a note to the brand. */
export function SubmitContentDialog({ application, onClose }: ApplicationDialogProps) {
  const id = useId();
  const { submit } = useApplicationActions();
  const { platform } = application.campaign;
  const label = PLATFORM_LABELS[platform];
  const form = useForm<z.input<SubmitSchema>, unknown, z.output<SubmitSchema>>({
    resolver: zodResolver(submitFormSchema(platform)),
    // A resubmission starts from the links sent last time, to be corrected rather than typed again.
    defaultValues: { urls: previousLinks(application), note: '' },
  });
  const rows = useFieldArray({ control: form.control, name: 'urls' });
  const changeMessage =
    application.status === 'changes_requested'
      ? (application.latestSubmission?.reviewMessage ?? application.adminMessage)
      : null;

  const send = form.handleSubmit(async ({ urls, note }) => {
    await runThenClose(
      () => submit.mutateAsync({ id: application.id, urls, note: note || undefined }),
      { title: 'Content submitted', description: 'The brand will review it soon.', variant: 'success' },
      onClose,
    );
  });
  return (
    <MutationDialog
      mutation={submit}
      onClose={onClose}
      formError={firstErrorMessage(form.formState.errors)}
      title={`Submit your content for ${application.campaign.name}`}
      description={`Add the link to your ${label} post. Due by ${formatShortIsoDate(application.uploadDeadline)}.`}
      confirmLabel="Submit"
      onConfirm={() => void send()}
    >
      {changeMessage ? <Alert title="Changes requested">{changeMessage}</Alert> : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">
          <PlatformIcon platform={platform} className="mr-1.5 inline size-4 align-[-2px]" />
          {label} post links
        </legend>
        {rows.fields.map((row, index) => (
          <div key={row.id} className="flex gap-2">
            <label htmlFor={`${id}-url-${index}`} className="sr-only">
              Link {index + 1}
            </label>
            <Input
              id={`${id}-url-${index}`}
              type="url"
              inputMode="url"
              placeholder={PLACEHOLDERS[platform]}
              autoComplete="off"
              {...form.register(`urls.${index}.value`)}
            />
            {rows.fields.length > 1 ? (
              <Button
                variant="ghost"
                size="icon"
                className="h-11 shrink-0"
                aria-label={`Remove link ${index + 1}`}
                onClick={() => rows.remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        ))}
        {rows.fields.length < MAX_LINKS ? (
          <Button
            variant="ghost"
            size="sm"
            className="w-fit"
            onClick={() => rows.append({ value: '' }, { shouldFocus: true })}
          >
            <Plus aria-hidden="true" />
            Add another link
          </Button>
        ) : null}
      </fieldset>
      <TextareaField
        id={`${id}-note`}
        label="Note to the brand (optional)"
        maxLength={NOTE_MAX}
        rows={3}
        {...form.register('note')}
      />
    </MutationDialog>
  );
}
