import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, RotateCw, ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { isPlaceholderEmail } from '../../../shared/rules/identity';
import { sendVerificationSchema } from '../../../shared/schemas/profile';
import type { SessionUser } from '../../../shared/schemas/session';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/input';
import { ButtonSpinner } from '../../components/ui/spinner';
import { dismissToast, toast } from '../../components/ui/toast';
import { ApiError, getErrorMessage } from '../../lib/api-client';
import { privateKeys } from '../../lib/query-keys';
import { useConfig } from '../../lib/use-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { invalidateSession, useSession } from '../../lib/use-session';
import { sendVerification, verifyEmail } from './api/onboarding-api';
import { CODE_LENGTH, CodeField } from './components/code-field';
import { OnboardingFrame } from './onboarding-frame';
import { useCountdown } from './use-countdown';

/** The server allows one code a minute; after a send the resend button waits this long (or Retry-After). */
const RESEND_WAIT_SECONDS = 60;

/** What to prefill: the account's email, unless it is the placeholder a TikTok account gets (spec §4). */
function prefillEmail(email: string, appUrl: string | undefined): string {
  const origin = typeof window === 'undefined' ? undefined : window.location.origin;
  const placeholder = [appUrl, origin].some((url) => url && isPlaceholderEmail(email, url));
  return placeholder ? '' : email;
}

/**
 * Spec §8 send-verification toasts: 'Email Already Registered' when the server's message contains 'already
 * registered', 'Failed to send verification' with any other message of the server, and 'Failed to send verification
 * email' when the failure could not be read (no answer, or none the server explained).
 */
function toastSendFailure(error: unknown) {
  if (error instanceof ApiError && error.fromServer) {
    toast({
      title: /already registered/i.test(error.message)
        ? 'Email Already Registered'
        : 'Failed to send verification',
      description: getErrorMessage(error, 'Please try again'),
      variant: 'destructive',
    });
    return;
  }
  toast({
    title: 'Failed to send verification email',
    description: getErrorMessage(error, 'Please try again'),
    variant: 'destructive',
  });
}

/**
 * /email-verification (spec §2, §4, §5): enter the email, then the 6-digit code mailed to it. Success makes it the
 * creator's verified email and goes on to /profile-setup. Creators who are verified already skip ahead.
 */
export function EmailVerificationPage() {
  useDocumentTitle('Email Verification');
  const session = useSession();
  if (session.status !== 'signed-in') return null; // the route guard sends signed-out visitors to /signin
  const influencer = session.user.influencer;
  if (influencer?.emailVerified) {
    return <Navigate to={influencer.profileCompleted ? '/main' : '/profile-setup'} replace />;
  }
  return <EmailVerificationFlow user={session.user} />;
}

function EmailVerificationFlow({ user }: { user: SessionUser }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useConfig();
  const [placeholderAccount] = useState(() => prefillEmail(user.email, config.data?.appUrl) === '');
  const [email, setEmail] = useState(() => prefillEmail(user.email, config.data?.appUrl));
  const [emailError, setEmailError] = useState<string>();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [cooldown, startCooldown] = useCountdown();
  const emailInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  async function send(address: string) {
    setSending(true);
    try {
      await sendVerification(address);
      setSentTo(address);
      setCode('');
      setCodeError(undefined);
      setStep('code');
      startCooldown(RESEND_WAIT_SECONDS);
      toast({
        title: 'Verification code sent',
        description: `We sent a 6-digit code to ${address}.`,
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof ApiError && error.retryAfterSeconds) {
        startCooldown(error.retryAfterSeconds);
      }
      toastSendFailure(error);
    } finally {
      setSending(false);
    }
  }

  function onSubmitEmail(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!email.trim()) {
      setEmailError('Please enter your email address');
      toast({
        title: 'Email required',
        description: 'Please enter your email address',
        variant: 'destructive',
      });
      emailInput.current?.focus();
      return;
    }
    const parsed = sendVerificationSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      emailInput.current?.focus();
      return;
    }
    setEmailError(undefined);
    void send(parsed.data.email);
  }

  async function onSubmitCode(event: FormEvent) {
    event.preventDefault();
    if (verifying) return;
    if (!code.trim()) {
      toast({
        title: 'Code required',
        description: 'Please enter the verification code',
        variant: 'destructive',
      });
      codeInput.current?.focus();
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
      setCodeError(explained ? message : 'Invalid verification code');
      // The code stays (so a typo can be corrected), selected so typing a new one replaces it.
      setVerifying(false);
      codeInput.current?.focus();
      codeInput.current?.select();
    }
  }

  function changeEmail() {
    setStep('email');
    setCode('');
    setCodeError(undefined);
  }

  const pending = <ButtonSpinner label="Please wait" />;

  if (step === 'email') {
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
              setEmail(event.target.value);
              if (emailError) setEmailError(undefined);
            }}
            error={emailError}
            hint={
              placeholderAccount
                ? 'Your sign-in provider did not share an email address. Enter the one you want to use.'
                : undefined
            }
            autoFocus
          />
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={email === '' || sending || cooldown > 0}
          >
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
            setCode(next);
            if (codeError) setCodeError(undefined);
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
        <Button variant="link" size="sm" className="px-0" onClick={changeEmail}>
          Change email
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={cooldown > 0 || sending}
          onClick={() => void send(sentTo)}
        >
          <RotateCw aria-hidden="true" />
          {cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
        </Button>
      </div>
    </OnboardingFrame>
  );
}
