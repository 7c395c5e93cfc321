import type { Ref } from 'react';
import { type CodeKind, cleanCode, TOTP_LENGTH } from '../lib/two-factor';
import { FieldFrame, fieldAria, Input } from './ui/input';

/**
 * The code input of a second-factor check: 6 digits from the authenticator app (numeric keyboard, the system's
 * one-time-code suggestion), or a backup code (xxxxx-xxxxx). `kind` chooses which.
 */
export function AuthenticatorCodeField({
  id,
  kind,
  value,
  onChange,
  error,
  disabled,
  autoFocus,
  inputRef,
}: {
  id: string;
  kind: CodeKind;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const totp = kind === 'totp';
  return (
    <FieldFrame id={id} label={totp ? 'Code from your authenticator app' : 'Backup code'} error={error}>
      <Input
        ref={inputRef}
        id={id}
        name={totp ? 'totp' : 'backup-code'}
        value={value}
        onChange={(event) => onChange(cleanCode(kind, event.target.value))}
        maxLength={totp ? TOTP_LENGTH : 32}
        inputMode={totp ? 'numeric' : 'text'}
        autoComplete={totp ? 'one-time-code' : 'off'}
        autoCapitalize="none"
        pattern={totp ? '[0-9]*' : undefined}
        placeholder={totp ? '6-digit code' : 'xxxxx-xxxxx'}
        spellCheck={false}
        disabled={disabled}
        autoFocus={autoFocus}
        {...fieldAria(id, error)}
        className="h-12 text-center font-mono text-xl tracking-[0.3em] placeholder:font-sans placeholder:text-base placeholder:tracking-normal"
        data-testid="authenticator-code"
      />
    </FieldFrame>
  );
}
