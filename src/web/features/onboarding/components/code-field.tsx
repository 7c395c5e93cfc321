import type { Ref } from 'react';
import { FieldFrame, fieldAria, Input } from '../../../components/ui/input';

export const CODE_LENGTH = 6;

/** Keeps the digits of what was typed or pasted ("123 456" → "123456"), at most 6 (spec §5). */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/** The 6-digit code input: numeric keyboard on phones, the code from the mail app offered by the system. */
export function CodeField({
  id,
  value,
  onChange,
  error,
  hint,
  label = 'Verification code',
  disabled,
  autoFocus,
  inputRef,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  label?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <Input
        ref={inputRef}
        id={id}
        name="code"
        value={value}
        onChange={(event) => onChange(cleanCode(event.target.value))}
        maxLength={CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        placeholder="Enter 6-digit code"
        spellCheck={false}
        disabled={disabled}
        autoFocus={autoFocus}
        {...fieldAria(id, error, hint)}
        className="h-12 text-center font-mono text-xl tracking-[0.4em] placeholder:font-sans placeholder:text-base placeholder:tracking-normal sm:text-xl sm:placeholder:text-sm"
      />
    </FieldFrame>
  );
}
