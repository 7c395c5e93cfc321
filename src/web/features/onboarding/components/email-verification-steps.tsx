import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, RotateCw, ShieldCheck } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { sendVerificationSchema } from '../../../../shared/schemas/profile';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { ButtonSpinner } from '../../../components/ui/spinner';
import { dismissToast, toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';
import { invalidateSession } from '../../../lib/use-session';
import { verifyEmail } from '../api/onboarding-api';
import { OnboardingFrame } from '../onboarding-frame';
import { CODE_LENGTH, CodeField } from './code-field';

const pending = <ButtonSpinner label="Please wait" />;

const PLACEHOLDER_HINT =
  'Your sign-in provider did not share an email address. Enter the one you want to use.';

/** /email-verification, step 1: the address the code goes to (checked here; sent by `onSend`). */
/** A field sent empty: a red toast says what is needed, and the focus goes back to the field. */
function askFor(title: string, description: string, field: RefObject<HTMLInputElement | null>) {
  toast({ title, description, variant: 'destructive' });
  field.current?.focus();
}

export function EmailStep({
  email,
  onEmailChange,
  placeholderAccount,
  sending,
  cooldown,
  onSend,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  /** The sign-in provider gave no real address (the field starts empty and says why). */
  placeholderAccount: boolean;
  sending: boolean;
  cooldown: number;
  onSend: (address: string) => void;
}) {
  const id = useId();
  const [emailError, setEmailError] = useState<string>();
  const emailInput = useRef<HTMLInputElement>(null);

  function onSubmitEmail(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!email.trim()) {
      setEmailError('Please enter your email address');
      askFor('Email required', 'Please enter your email address', emailInput);
      return;
    }
    const parsed = sendVerificationSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      emailInput.current?.focus();
      return;
    }
    setEmailError(undefined);
    onSend(parsed.data.email);
  }

  return (
    <OnboardingFrame
      title="Verify your email"
      icon={<MailCheck />}
      description="We'll send a 6-digit code to your email address to confirm it's yours."
    >
      <form noValidate onSubmit={onSubmitEmail} className="flex flex-col gap-4">
        <TextField
          ref={emailInput}
          id={`${id}-email`}
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            onEmailChange(event.target.value);
            if (emailError) setEmailError(undefined);
          }}
          error={emailError}
          hint={placeholderAccount ? PLACEHOLDER_HINT : undefined}
          autoFocus
        />
        <Button type="submit" size="lg" className="w-full" disabled={email === '' || sending || cooldown > 0}>
          {sending ? pending : null}
          Send Code
        </Button>
        {cooldown > 0 ? (
          <p className="text-center text-xs text-slate-500" aria-live="polite">
            You can request another code in {cooldown} s.
          </p>
        ) : null}
      </form>
    </OnboardingFrame>
  );
}

type CodeStepProps = {
  sentTo: string;
  code: string;
  onCodeChange: (code: string) => void;
  codeError: string | undefined;
  onCodeError: (message: string | undefined) => void;
  sending: boolean;
  cooldown: number;
  onResend: () => void;
  onChangeEmail: () => void;
};

/**
 * Checks the typed code; success makes the address the creator's verified email and goes on to /profile-setup, a
 * failure says why and keeps the code, selected, for a correction.
 */
function useCodeCheck({ sentTo, code, onCodeError }: CodeStepProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [verifying, setVerifying] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  async function onSubmitCode(event: FormEvent) {
    event.preventDefault();
    if (verifying) return;
    if (!code.trim()) {
      askFor('Code required', 'Please enter the verification code', codeInput);
      return;
    }
    setVerifying(true);
    try {
      await verifyEmail(sentTo, code);
      // Issue 24: an earlier "Verification failed" (or "Code required") toast must not follow the creator onto the
      // wizard, where it would sit over its buttons for the rest of its five seconds.
      dismissToast();
      queryClient.removeQueries({ queryKey: privateKeys.me });
      // The guards read the session: refresh it before moving on, so the next page sees the verified email.
      await invalidateSession(queryClient);
      navigate('/profile-setup', { replace: true });
    } catch (error) {
      const message = error instanceof ApiError && error.fromServer ? error.message : '';
      // Expired, locked-out and taken addresses say what to do next; a wrong code gets the spec's text.
      const explained = /expired|too many|already registered/i.test(message);
      toast({
        title: 'Verification failed',
        description: explained ? message : 'Please check your code and try again',
        variant: 'destructive',
      });
      onCodeError(explained ? message : 'Invalid verification code');
      // The code stays (so a typo can be corrected), selected so typing a new one replaces it.
      setVerifying(false);
      codeInput.current?.focus();
      codeInput.current?.select();
    }
  }

  return { verifying, codeInput, onSubmitCode };
}

/** /email-verification, step 2: the 6-digit code mailed to the address; another code, or another address. */
export function CodeStep(props: CodeStepProps) {
  const { sentTo, code, onCodeChange, codeError, onCodeError, sending, cooldown, onResend, onChangeEmail } =
    props;
  const id = useId();
  const { verifying, codeInput, onSubmitCode } = useCodeCheck(props);
  return (
    <OnboardingFrame
      title="Enter your code"
      icon={<ShieldCheck />}
      description={
        <>
          We sent a 6-digit code to{' '}
          <strong className="font-semibold break-words text-slate-900">{sentTo}</strong>. It is valid for 10
          minutes.
        </>
      }
    >
      <form noValidate onSubmit={onSubmitCode} className="flex flex-col gap-4">
        <CodeField
          id={`${id}-code`}
          inputRef={codeInput}
          value={code}
          onChange={(next) => {
            onCodeChange(next);
            if (codeError) onCodeError(undefined);
          }}
          error={codeError}
          autoFocus
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={code.length !== CODE_LENGTH || verifying}
        >
          {verifying ? pending : null}
          Verify
        </Button>
      </form>
      <div className="mt-5 flex flex-col-reverse items-center justify-between gap-2 border-t border-slate-100 pt-4 sm:flex-row">
        <Button variant="link" size="sm" className="px-0" onClick={onChangeEmail}>
          Change email
        </Button>
        <Button variant="ghost" size="sm" disabled={cooldown > 0 || sending} onClick={onResend}>
          <RotateCw aria-hidden="true" />
          {cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
        </Button>
      </div>
    </OnboardingFrame>
  );
}
