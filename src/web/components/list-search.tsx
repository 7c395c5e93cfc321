import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { Input } from './ui/input';

/** The longest search the list endpoints accept (their `q`). */
export const LIST_SEARCH_MAX_LENGTH = 100;

/** A search field with a magnifier at its left (in a `relative` box), as long as the list endpoints accept. */
export function SearchInput({
  id,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <Input
        id={id}
        type="search"
        value={value}
        maxLength={LIST_SEARCH_MAX_LENGTH}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </>
  );
}

/**
 * The search box of a list page (admin campaigns, creators, transactions): a labelled search field with a magnifier.
 * With `onSubmit` it has a Search button and searches on Enter; without, the page searches as the text changes.
 */
export function ListSearch({
  label,
  value,
  onChange,
  onSubmit,
  placeholder,
  className,
}: {
  /** The field's accessible name ('Search campaigns'). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  placeholder: string;
  className?: string;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  const field = <SearchInput id={id} value={value} onChange={onChange} placeholder={placeholder} />;
  return (
    <search className={cn('block', className)}>
      <form onSubmit={submit} className={onSubmit ? 'flex gap-2' : 'relative'}>
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        {onSubmit ? (
          <>
            <div className="relative flex-1">{field}</div>
            <Button type="submit">Search</Button>
          </>
        ) : (
          field
        )}
      </form>
    </search>
  );
}
