import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addDaysToIsoDate } from '../../../shared/dates';
import {
  type AdminCampaign,
  type CampaignInput,
  campaignInputSchema,
} from '../../../shared/schemas/campaign';
import { inputFromCampaign, useSaveCampaign } from '../../lib/admin-campaign';
import { getErrorMessage } from '../../lib/api-client';
import { elementOf, maxLengthOf } from '../../lib/schema-limits';
import { useReturnFocus } from '../../lib/use-return-focus';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { ButtonSpinner } from '../ui/spinner';
import { toast } from '../ui/toast';
import { CampaignBasicsFields, type CampaignFormValues, CampaignTermsFields } from './campaign-form-fields';
import { GalleryField, ImageField } from './campaign-image-fields';
import { ListField } from './list-field';

type FormValues = CampaignFormValues;

/** How many entries a list may hold and how long each may be, read from the shared schema. */
const listLimits = (field: z.ZodType) => ({
  max: maxLengthOf(field),
  itemMax: maxLengthOf(elementOf(field)),
});
const REQUIREMENTS = listLimits(campaignInputSchema.shape.requirements);
const TAGS = listLimits(campaignInputSchema.shape.tags);

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function defaultsFor(campaign: AdminCampaign | null): FormValues {
  if (!campaign) {
    return {
      name: '',
      brand: '',
      platform: 'instagram',
      type: 'gifting',
      description: '',
      requirements: [],
      deadline: addDaysToIsoDate(today(), 30),
      reward: 10,
      followersRequired: 0,
      status: 'draft',
      budget: '',
      productValue: null,
      reach: 0,
      imageUrl: '',
      gallery: [],
      tags: [],
      maxAccepted: null,
    };
  }
  return inputFromCampaign(campaign);
}

/**
 * Add Campaign / Edit campaign: every field of the campaign form, validated with the schema the server uses.
 * `campaign` null adds a campaign; otherwise the dialog edits it (PATCH).
 */
export function CampaignFormDialog({
  open,
  onOpenChange,
  campaign,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaign: AdminCampaign | null;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl p-5 sm:p-6"
        data-testid="campaign-form-dialog"
        onCloseAutoFocus={returnFocus}
      >
        <DialogHeader>
          <DialogTitle>{campaign ? 'Edit Campaign' : 'Add Campaign'}</DialogTitle>
          <DialogDescription>
            {campaign
              ? `Change the details of ${campaign.name}.`
              : 'Creators see the campaign once its status is Active.'}
          </DialogDescription>
        </DialogHeader>
        <CampaignForm campaign={campaign} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CampaignForm({ campaign, onDone }: { campaign: AdminCampaign | null; onDone: () => void }) {
  const id = useId();
  const save = useSaveCampaign();
  const [serverError, setServerError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const form = useForm<FormValues, unknown, CampaignInput>({
    resolver: zodResolver(campaignInputSchema),
    defaultValues: defaultsFor(campaign),
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();

  const onSubmit = form.handleSubmit(async (input) => {
    setServerError(null);
    try {
      await save.mutateAsync({ id: campaign?.id ?? null, input });
      toast({
        title: campaign ? 'Campaign saved' : 'Campaign added',
        description: input.name,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      setServerError(getErrorMessage(error, 'The campaign could not be saved.'));
      requestAnimationFrame(() => errorRef.current?.scrollIntoView({ block: 'nearest' }));
    }
  });

  const setList = (field: 'requirements' | 'tags' | 'gallery', next: string[]) =>
    form.setValue(field, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  /** A list of the form for a `ListField`: its id, entries, limits, message and changes. */
  const listProps = (name: 'requirements' | 'tags', limits: { max: number; itemMax: number }) => ({
    id: `${id}-${name}`,
    items: values[name] ?? [],
    max: limits.max,
    maxLength: limits.itemMax,
    error: listError(errors[name], limits.itemMax),
    onChange: (next: string[]) => setList(name, next),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Campaign">
      <CampaignBasicsFields form={form} idPrefix={id} />
      <ImageField
        id={`${id}-image`}
        value={values.imageUrl ?? ''}
        error={errors.imageUrl?.message}
        onChange={(url) =>
          form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
        }
      />
      <GalleryField
        id={`${id}-gallery`}
        value={values.gallery ?? []}
        onChange={(next) => setList('gallery', next)}
      />
      <CampaignTermsFields form={form} idPrefix={id} />
      <ListField
        label="Requirements"
        placeholder="e.g. One Reel of at least 30 seconds"
        addLabel="Add requirement"
        {...listProps('requirements', REQUIREMENTS)}
      />
      <ListField
        label="Tags"
        placeholder="e.g. Beauty"
        addLabel="Add tag"
        {...listProps('tags', TAGS)}
        chips
      />

      <div ref={errorRef}>
        <ErrorAlert message={serverError} />
      </div>

      <div className="sticky -bottom-5 -mx-5 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:flex-row sm:justify-end sm:px-6">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <ButtonSpinner label="Saving" /> : null}
          {campaign ? 'Save Changes' : 'Add Campaign'}
        </Button>
      </div>
    </form>
  );
}

/** A list field's message: the list's own (too many) or the first entry's (too long), with the entry rule. */
function listError(error: unknown, itemMax: number): string | undefined {
  if (!error) return undefined;
  const e = error as { message?: string; root?: { message?: string } } & Array<{ message?: string }>;
  if (e.message) return e.message;
  if (e.root?.message) return e.root.message;
  if (Array.isArray(e)) {
    const first = e.find((item) => item?.message);
    if (first) return `Each entry must be 1 to ${itemMax} characters (${first.message})`;
  }
  return 'Check this list';
}
