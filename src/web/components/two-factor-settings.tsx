import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleSlash, KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useId, useState } from 'react';
import { disableTwoFactor, newBackupCodes } from '../lib/two-factor';
import { usePasswordConfirm } from '../lib/use-password-confirm';
import { refreshSession } from '../lib/use-session';
import { BackupCodes } from './backup-codes';
import { PasswordConfirmForm } from './password-confirm-form';
import { TwoFactorSetup } from './two-factor-setup';
import { Alert } from './ui/alert';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { FormActions } from './ui/form-actions';
import { ButtonSpinner } from './ui/spinner';

type Mode = 'idle' | 'setup' | 'codes' | 'disable';

/**
 * Two-factor authentication for the signed-in account (admin Settings, the creator's profile): its state, setting
 * it up, new backup codes, and turning it off where that is allowed (`required`: never for an admin under
 * ADMIN_REQUIRE_2FA). The server asks for a recent code before new codes or turning off (the step-up dialog).
 */
export function TwoFactorSettings({
  enabled,
  required = false,
  account,
  canEnrol = true,
}: {
  enabled: boolean;
  required?: boolean;
  account: string;
  /** False for accounts without a password (the setup starts with it). */
  canEnrol?: boolean;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('idle');
  const [codes, setCodes] = useState<string[] | null>(null);
  // On from the moment the code is verified, while the backup codes are still shown (the session is read again
  // once they are saved): the pill never says Off beside "Two-factor authentication is on" (issue 41).
  const [turnedOn, setTurnedOn] = useState(false);
  const on = enabled || turnedOn;
  const confirm = usePasswordConfirm(async (password) => {
    if (mode === 'codes') {
      setCodes((await newBackupCodes(password)).backupCodes);
      confirm.setPassword('');
    } else {
      await disableTwoFactor(password);
      await refreshSession(queryClient);
      reset();
    }
  }, 'That did not work. Please try again.');

  function reset(next: Mode = 'idle') {
    setMode(next);
    confirm.clear();
    setCodes(null);
  }

  return (
    <div className="flex flex-col gap-4" data-testid="two-factor-settings">
      <TwoFactorState on={on} />

      {!enabled && mode === 'setup' ? (
        <TwoFactorSetup
          account={account}
          onCancel={() => reset()}
          onEnabled={() => setTurnedOn(true)}
          onDone={async () => {
            await refreshSession(queryClient);
            reset();
            setTurnedOn(false);
          }}
        />
      ) : null}

      {!enabled && mode !== 'setup' ? (
        <EnrolStart canEnrol={canEnrol} onStart={() => reset('setup')} />
      ) : null}

      {enabled && mode === 'idle' ? (
        <EnabledActions
          canTurnOff={!required}
          onNewCodes={() => reset('codes')}
          onTurnOff={() => reset('disable')}
        />
      ) : null}

      {enabled && (mode === 'codes' || mode === 'disable') && !codes ? (
        <CodesOrTurnOffForm
          id={`${id}-password`}
          confirm={confirm}
          turningOff={mode === 'disable'}
          onCancel={() => reset()}
        />
      ) : null}

      {codes ? <NewBackupCodes codes={codes} account={account} onDone={() => reset()} /> : null}
    </div>
  );
}

/** On or Off, and what that means. */
function TwoFactorState({ on }: { on: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {on ? (
        <Badge variant="green" className="gap-1" data-testid="two-factor-state">
          <CheckCircle2 aria-hidden="true" className="size-3.5" />
          On
        </Badge>
      ) : (
        <Badge variant="grey" className="gap-1" data-testid="two-factor-state">
          <CircleSlash aria-hidden="true" className="size-3.5" />
          Off
        </Badge>
      )}
      <p className="min-w-0 flex-1 text-sm text-slate-600">
        {on
          ? 'Signing in asks for a code from your authenticator app, and so do sensitive changes.'
          : 'Add a code from an authenticator app to your password, so a stolen password is not enough.'}
      </p>
    </div>
  );
}

/** New backup codes or turning off: the account's password confirms it. */
function CodesOrTurnOffForm({
  id,
  confirm,
  turningOff,
  onCancel,
}: {
  id: string;
  confirm: ReturnType<typeof usePasswordConfirm>;
  turningOff: boolean;
  onCancel: () => void;
}) {
  return (
    <PasswordConfirmForm
      id={id}
      confirm={confirm}
      label="Confirm with your password"
      intro={
        turningOff
          ? 'Signing in will then ask only for your password.'
          : 'New codes replace the old ones, which stop working.'
      }
      errorTestId="two-factor-settings-error"
      className="flex flex-col gap-3"
    >
      <FormActions>
        <Button variant="outline" onClick={onCancel} disabled={confirm.pending}>
          Cancel
        </Button>
        <Button type="submit" variant={turningOff ? 'destructive' : 'default'} disabled={confirm.pending}>
          {confirm.pending ? <ButtonSpinner label="Please wait" /> : null}
          {turningOff ? 'Turn off two-factor' : 'Make new codes'}
        </Button>
      </FormActions>
    </PasswordConfirmForm>
  );
}

/** With two-factor on: new backup codes, and turning it off where that is allowed. */
function EnabledActions({
  canTurnOff,
  onNewCodes,
  onTurnOff,
}: {
  canTurnOff: boolean;
  onNewCodes: () => void;
  onTurnOff: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button variant="outline" onClick={onNewCodes}>
        <KeyRound aria-hidden="true" />
        New backup codes
      </Button>
      {canTurnOff ? (
        <Button variant="outline" onClick={onTurnOff}>
          <ShieldOff aria-hidden="true" />
          Turn off
        </Button>
      ) : null}
    </div>
  );
}

/** The new backup codes, shown once. */
function NewBackupCodes({
  codes,
  account,
  onDone,
}: {
  codes: string[];
  account: string;
  onDone: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Alert title="Your new backup codes">
        <p>Save them somewhere safe: they are shown only now.</p>
      </Alert>
      <BackupCodes codes={codes} account={account} />
      <Button className="self-end" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

/** Two-factor off: the way to set it up, or why an account without a password has none. */
function EnrolStart({ canEnrol, onStart }: { canEnrol: boolean; onStart: () => void }) {
  return canEnrol ? (
    <Button className="self-start" onClick={onStart}>
      <ShieldCheck aria-hidden="true" />
      Set up two-factor authentication
    </Button>
  ) : (
    <p className="text-sm text-slate-500">
      Two-factor authentication is for accounts that sign in with a password.
    </p>
  );
}
