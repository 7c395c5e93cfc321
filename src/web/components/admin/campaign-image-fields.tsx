import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { campaignInputSchema } from '../../../shared/schemas/campaign';
import { uploadCampaignImage } from '../../lib/admin-campaign';
import { getErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { maxLengthOf } from '../../lib/schema-limits';
import { FileInput } from '../ui/file-input';
import { FieldError, Label } from '../ui/input';
import { Spinner } from '../ui/spinner';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Extra photos: the gallery holds the main image first, then these. */
const MAX_EXTRA_PHOTOS = maxLengthOf(campaignInputSchema.shape.gallery) - 1;

/** The browser's own check before uploading (the server checks the bytes again). */
function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'Only PNG, JPEG, WebP or GIF images are accepted.';
  if (file.size > MAX_IMAGE_BYTES) return 'Images must be at most 5 MB.';
  if (file.size === 0) return 'The file is empty.';
  return null;
}

/** The server's "file: …" messages without the field name. */
const uploadMessage = (error: unknown) =>
  getErrorMessage(error, 'The image could not be uploaded.').replace(/^file:\s*/, '');

/** The campaign's main image: chosen, checked, uploaded at once, then previewed. */
export function ImageField({
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
  const [fileName, setFileName] = useState<string | null>(null);
  const message = problem ?? error;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileName(file.name);
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
          <FileInput
            id={id}
            buttonLabel={value ? 'Replace image' : 'Choose image'}
            fileName={
              uploading
                ? `Uploading ${fileName ?? 'image'}…`
                : (fileName ?? (value ? 'Image uploaded' : null))
            }
            accept={IMAGE_TYPES.join(',')}
            onChange={onFile}
            disabled={uploading}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
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
export function GalleryField({
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

  const [chosen, setChosen] = useState<string | null>(null);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setChosen(
      files.length === 1 ? files[0]!.name : `${files.length} files: ${files.map((f) => f.name).join(', ')}`,
    );
    setProblem(null);
    setUploading(true);
    const added: string[] = [];
    try {
      for (const file of files.slice(0, MAX_EXTRA_PHOTOS - value.length)) {
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
      {value.length < MAX_EXTRA_PHOTOS ? (
        <FileInput
          id={id}
          buttonLabel="Add photos"
          fileName={chosen}
          multiple
          accept={IMAGE_TYPES.join(',')}
          onChange={onFiles}
          disabled={uploading}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        />
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {uploading
          ? 'Uploading…'
          : `Shown with "Show All Photos" on the campaign page; up to ${MAX_EXTRA_PHOTOS}.`}
      </p>
      <FieldError id={`${id}-error`} message={problem ?? undefined} />
    </div>
  );
}
