import { Button } from './button';
import { ButtonSpinner } from './spinner';

/** The main button of a sign-in page's form, full width, with a spinner (`pendingLabel`) while the call runs. */
export function SubmitButton({
  pending,
  pendingLabel = 'Please wait',
  children,
}: {
  pending: boolean;
  pendingLabel?: string;
  children: string;
}) {
  return (
    <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
      {pending ? <ButtonSpinner label={pendingLabel} /> : null}
      {children}
    </Button>
  );
}
