import { PasswordField } from './ui/input';

/** The account's password, typed to confirm a two-factor change (focused as the form opens). */
export function CurrentPasswordField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (password: string) => void;
  disabled: boolean;
}) {
  return (
    <PasswordField
      kind="current"
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      autoFocus
    />
  );
}
