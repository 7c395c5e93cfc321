import { Plus, Trash2, X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { FieldError, Input } from '../ui/input';

/** A list of short texts with Add and Remove (requirements, tags). */
export function ListField({
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
