import type { CodeKind } from '../lib/two-factor';
import { Button } from './ui/button';

/** The link-style button that swaps an app code for a backup code and back. */
export function CodeKindSwitch({
  kind,
  onSwitch,
  disabled,
}: {
  kind: CodeKind;
  onSwitch: () => void;
  disabled: boolean;
}) {
  return (
    <Button variant="link" size="sm" className="px-0" onClick={onSwitch} disabled={disabled}>
      {kind === 'totp' ? 'Use a backup code instead' : 'Use the authenticator app'}
    </Button>
  );
}
