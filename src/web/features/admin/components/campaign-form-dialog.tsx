import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Plus, Trash2, X } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPE_LABELS,
  CAMPAIGN_TYPES,
  PLATFORM_LABELS,
  PLATFORMS,
} from '../../../../shared/constants';
import { addDaysToIsoDate } from '../../../../shared/dates';
import {
  type AdminCampaign,
  type CampaignInput,
  campaignInputSchema,
} from '../../../../shared/schemas/campaign';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError, Input, Label, TextField } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { TextareaField } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { inputFromCampaign, uploadCampaignImage, useSaveCampaign } from '../api/campaign-management';

type FormValues = z.input<typeof campaignInputSchema>;

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const STATUS_LABELS: Record<(typeof CAMPAIGN_STATUSES)[number], string> = {
  draft: 'Draft',
  active: 'Active',
  pending: 'Pending',
  ended: 'Ended',
};

/** The browser's own check before uploading (the server checks the bytes again). */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'Only PNG, JPEG, WebP or GIF images are accepted.';
  if (file.size > MAX_IMAGE_BYTES) return 'Images must be at most 5 MB.';
  if (file.size === 0) return 'The file is empty.';
  return null;
}

/** The server's "file: …" messages without the field name. */
const uploadMessage = (error: unknown) =>
  (error instanceof Error ? error.message : 'The image could not be uploaded.').replace(/^file:\s*/, '');

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
      setServerError(error instanceof Error ? error.message : 'The campaign could not be saved.');
      requestAnimationFrame(() => errorRef.current?.scrollIntoView({ block: 'nearest' }));
    }
  });

  const setList = (field: 'requirements' | 'tags' | 'gallery', next: string[]) =>
    form.setValue(field, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Campaign">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label="Name"
          error={errors.name?.message}
          maxLength={120}
          {...form.register('name')}
        />
        <TextField
          id={`${id}-brand`}
          label="Brand"
          error={errors.brand?.message}
          maxLength={120}
          {...form.register('brand')}
        />
        <SelectField id={`${id}-platform`} label="Platform" error={errors.platform?.message}>
          <select {...form.register('platform')} id={`${id}-platform`} className={selectClass}>
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABELS[p]}
              </option>
            ))}
          </select>
        </SelectField>
        <SelectField id={`${id}-type`} label="Campaign type" error={errors.type?.message}>
          <select {...form.register('type')} id={`${id}-type`} className={selectClass}>
            {CAMPAIGN_TYPES.map((t) => (
              <option key={t} value={t}>
                {CAMPAIGN_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </SelectField>
      </div>

      <TextareaField
        id={`${id}-description`}
        label="Description"
        hint="The mission creators read on the campaign page."
        error={errors.description?.message}
        maxLength={2000}
        rows={4}
        {...form.register('description')}
      />

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

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-deadline`}
          label="Application deadline"
          type="date"
          hint="Content is due 7 days later."
          error={errors.deadline?.message}
          {...form.register('deadline')}
        />
        <SelectField id={`${id}-status`} label="Status" error={errors.status?.message}>
          <select {...form.register('status')} id={`${id}-status`} className={selectClass}>
            {CAMPAIGN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </SelectField>
        <TextField
          id={`${id}-reward`}
          label="Reward (Mint)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint="1 Mint = 1 USD."
          error={errors.reward?.message}
          {...form.register('reward')}
        />
        <TextField
          id={`${id}-budget`}
          label="Budget (USD)"
          inputMode="decimal"
          placeholder="12000"
          error={errors.budget?.message}
          {...form.register('budget')}
        />
        <TextField
          id={`${id}-followers`}
          label="Followers required"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint="0 means any follower count."
          error={errors.followersRequired?.message}
          {...form.register('followersRequired')}
        />
        <TextField
          id={`${id}-reach`}
          label="Reach"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint="Expected audience, in people."
          error={errors.reach?.message}
          {...form.register('reach')}
        />
        <TextField
          id={`${id}-boxes`}
          label="Box count (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="How many creators can be accepted. Empty: no limit."
          error={errors.maxAccepted?.message}
          {...form.register('maxAccepted', {
            setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : v),
          })}
        />
      </div>

      <ListField
        id={`${id}-requirements`}
        label="Requirements"
        placeholder="e.g. One Reel of at least 30 seconds"
        addLabel="Add requirement"
        items={values.requirements ?? []}
        max={20}
        maxLength={300}
        error={listError(errors.requirements)}
        onChange={(next) => setList('requirements', next)}
      />
      <ListField
        id={`${id}-tags`}
        label="Tags"
        placeholder="e.g. Beauty"
        addLabel="Add tag"
        items={values.tags ?? []}
        max={10}
        maxLength={40}
        error={listError(errors.tags)}
        onChange={(next) => setList('tags', next)}
        chips
      />

      <div ref={errorRef}>{serverError ? <Alert variant="destructive">{serverError}</Alert> : null}</div>

      <div className="sticky -bottom-5 -mx-5 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:flex-row sm:justify-end sm:px-6">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <Spinner className="[&>span:first-child]:size-4 [&>span:first-child]:border-2" label="Saving" />
          ) : null}
          {campaign ? 'Save Changes' : 'Add Campaign'}
        </Button>
      </div>
    </form>
  );
}

function listError(error: unknown): string | undefined {
  if (!error) return undefined;
  const e = error as { message?: string; root?: { message?: string } } & Array<{ message?: string }>;
  if (e.message) return e.message;
  if (e.root?.message) return e.root.message;
  if (Array.isArray(e)) {
    const first = e.find((item) => item?.message);
    if (first) return `Each entry must be 1 to 300 characters (${first.message})`;
  }
  return 'Check this list';
}

const selectClass =
  'h-11 w-full cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white bg-[url("data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A//www.w3.org/2000/svg%22%20viewBox%3D%220%200%2024%2024%22%20fill%3D%22none%22%20stroke%3D%22%2364748b%22%20stroke-width%3D%222%22%3E%3Cpath%20d%3D%22m6%209%206%206%206-6%22/%3E%3C/svg%3E")] bg-[length:1rem] bg-[right_0.75rem_center] bg-no-repeat pr-10 pl-3.5 text-base text-slate-900 hover:border-slate-400 focus-visible:border-mint-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-mint-600 aria-invalid:border-red-600 sm:text-sm';

function SelectField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The campaign's main image: chosen, checked, uploaded at once, then previewed. */
function ImageField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string | undefined;
  onChange: (url: string) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const local = imageProblem(file);
    if (local) {
      setProblem(local);
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      onChange((await uploadCampaignImage(file)).url);
    } catch (e) {
      setProblem(uploadMessage(e));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Campaign image</Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div
          className={cn(
            'flex aspect-[3/2] w-full shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-slate-50 sm:w-40',
            message ? 'border-red-300' : 'border-slate-200',
          )}
        >
          {uploading ? (
            <Spinner label="Uploading image" />
          ) : value ? (
            <img
              src={value}
              alt="Campaign preview"
              className="size-full object-cover"
              data-testid="image-preview"
            />
          ) : (
            <ImagePlus aria-hidden="true" className="size-8 text-slate-400" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={onFile}
            disabled={uploading}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            className="w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50"
          />
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            PNG, JPEG, WebP or GIF, at most 5 MB.{value ? ' Choose another file to replace it.' : ''}
          </p>
          <FieldError id={`${id}-error`} message={message} />
        </div>
      </div>
    </div>
  );
}

/** More photos for the campaign page's gallery (the main image always comes first). */
function GalleryField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const MAX = 11;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setProblem(null);
    setUploading(true);
    const added: string[] = [];
    try {
      for (const file of files.slice(0, MAX - value.length)) {
        const local = imageProblem(file);
        if (local) {
          setProblem(`${file.name}: ${local}`);
          continue;
        }
        added.push((await uploadCampaignImage(file)).url);
      }
    } catch (e) {
      setProblem(uploadMessage(e));
    } finally {
      setUploading(false);
      if (added.length) onChange([...value, ...added]);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Gallery photos (optional)</Label>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Gallery photos">
          {value.map((url, index) => (
            <li key={url} className="relative">
              <img src={url} alt={`Gallery ${index + 1}`} className="size-20 rounded-lg object-cover" />
              <button
                type="button"
                onClick={() => onChange(value.filter((u) => u !== url))}
                aria-label={`Remove gallery photo ${index + 1}`}
                className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-100"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {value.length < MAX ? (
        <input
          id={id}
          type="file"
          multiple
          accept={IMAGE_TYPES.join(',')}
          onChange={onFiles}
          disabled={uploading}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          className="w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50"
        />
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {uploading ? 'Uploading…' : `Shown with "Show All Photos" on the campaign page; up to ${MAX}.`}
      </p>
      <FieldError id={`${id}-error`} message={problem ?? undefined} />
    </div>
  );
}

/** A list of short texts with Add and Remove (requirements, tags). */
function ListField({
  id,
  label,
  placeholder,
  addLabel,
  items,
  max,
  maxLength,
  error,
  onChange,
  chips = false,
}: {
  id: string;
  label: string;
  placeholder: string;
  addLabel: string;
  items: string[];
  max: number;
  maxLength: number;
  error?: string | undefined;
  onChange: (next: string[]) => void;
  chips?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const full = items.length >= max;

  const add = () => {
    const text = draft.trim();
    if (!text) return;
    if (items.some((item) => item.toLowerCase() === text.toLowerCase())) {
      setNote(`"${text}" is already in the list.`);
      return;
    }
    onChange([...items, text]);
    setDraft('');
    setNote(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const message = note ?? error;

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-semibold text-slate-800">{label}</legend>
      {items.length > 0 ? (
        <ul className={cn(chips ? 'flex flex-wrap gap-2' : 'flex flex-col gap-1.5')} aria-label={label}>
          {items.map((item) => (
            <li
              key={item}
              className={cn(
                'flex items-center gap-1 text-sm',
                chips
                  ? 'rounded-full bg-slate-100 py-0.5 pr-0.5 pl-3 text-slate-800'
                  : 'justify-between rounded-lg border border-slate-200 bg-slate-50 py-1 pr-1 pl-3',
              )}
            >
              <span className="min-w-0 break-words">{item}</span>
              <button
                type="button"
                onClick={() => onChange(items.filter((i) => i !== item))}
                aria-label={`Remove ${item}`}
                className={cn(
                  'inline-flex shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900',
                  chips ? 'size-7' : 'size-8',
                )}
              >
                {chips ? (
                  <X aria-hidden="true" className="size-3.5" />
                ) : (
                  <Trash2 aria-hidden="true" className="size-4" />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <p className="text-xs text-slate-500">
          That is the most this list can hold ({max}). Remove one to add another.
        </p>
      ) : (
        <div className="flex gap-2">
          <label htmlFor={id} className="sr-only">
            New {label.toLowerCase()} entry
          </label>
          <Input
            id={id}
            value={draft}
            maxLength={maxLength}
            placeholder={placeholder}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
          />
          <Button variant="outline" onClick={add} disabled={!draft.trim()} className="h-11 shrink-0">
            <Plus aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{addLabel}</span>
          </Button>
        </div>
      )}
      <FieldError id={`${id}-error`} message={message} />
    </fieldset>
  );
}
