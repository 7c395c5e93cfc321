import { PasswordField } from './ui/input';

/**
 * The account's password, typed to confirm a change (two-factor, the PayPal email, closing the account); focused as
 * its form opens unless `autoFocus` is false.
 */
export function CurrentPasswordField({
  id,
  label = 'Password',
  value,
  onChange,
  disabled = false,
  autoFocus = true,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (password: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <PasswordField
      kind="current"
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      autoFocus={autoFocus}
    />
  );
}
