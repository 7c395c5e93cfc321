import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { FieldFrame, fieldAria } from './input';

export type SelectOption = string | { value: string; label: string };

/**
 * A labelled native <select> that matches the text inputs (height, border, red when invalid), with its error tied
 * to it by aria-describedby (works with react-hook-form's `register(...)`). Native: the system picker on phones and
 * full keyboard support for short lists. `placeholder` adds an empty first choice.
 */
export function SelectField({
  id,
  label,
  error,
  placeholder,
  options,
  className,
  ...props
}: ComponentProps<'select'> & {
  id: string;
  label: string;
  error?: string | undefined;
  placeholder?: string;
  options: readonly SelectOption[];
}) {
  return (
    <FieldFrame id={id} label={label} error={error} className={className}>
      <div className="relative">
        <select
          id={id}
          {...fieldAria(id, error)}
          className="h-11 w-full cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white pr-10 pl-3.5 text-base text-slate-900 transition-colors hover:border-slate-400 focus-visible:border-mint-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-mint-600 aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600 has-[option[value='']:checked]:text-slate-500 sm:text-sm"
          {...props}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => {
            const { value, label: text } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value} className="text-slate-900">
                {text}
              </option>
            );
          })}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        />
      </div>
    </FieldFrame>
  );
}
