import { useState } from 'react';
import { Navigate } from 'react-router';
import { isPlaceholderEmail } from '../../../shared/rules/identity';
import type { SessionUser } from '../../../shared/schemas/session';
import { toastFailure } from '../../components/failure-toast';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useConfig } from '../../lib/use-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/use-session';
import { sendVerification } from './api/onboarding-api';
import { CodeStep, EmailStep } from './components/email-verification-steps';
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
    toastFailure(
      /already registered/i.test(error.message) ? 'Email Already Registered' : 'Failed to send verification',
      error,
      'Please try again',
    );
    return;
  }
  toastFailure('Failed to send verification email', error, 'Please try again');
}

/**
 * /email-verification (spec §2, §4, §5): enter the email, then the 6-digit code mailed to it. Success makes it the
 * creator's verified email and goes on to /profile-setup. Creators who are verified already skip ahead.
 */
export function EmailVerificationPage() {
  useDocumentTitle('Email Verification');
  const session = useSession();
  if (session.status !== 'signed-in') return null; // the route guard sends signed-out visitors to /signin
  const creator = session.user.creator;
  if (creator?.emailVerified) {
    return <Navigate to={creator.profileCompleted ? '/main' : '/profile-setup'} replace />;
  }
  return <EmailVerificationFlow user={session.user} />;
}

function EmailVerificationFlow({ user }: { user: SessionUser }) {
  const config = useConfig();
  const [placeholderAccount] = useState(() => prefillEmail(user.email, config.data?.appUrl) === '');
  const [email, setEmail] = useState(() => prefillEmail(user.email, config.data?.appUrl));
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [cooldown, startCooldown] = useCountdown();

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

  if (step === 'email') {
    return (
      <EmailStep
        email={email}
        onEmailChange={setEmail}
        placeholderAccount={placeholderAccount}
        sending={sending}
        cooldown={cooldown}
        onSend={(address) => void send(address)}
      />
    );
  }
  return (
    <CodeStep
      sentTo={sentTo}
      code={code}
      onCodeChange={setCode}
      codeError={codeError}
      onCodeError={setCodeError}
      sending={sending}
      cooldown={cooldown}
      onResend={() => void send(sentTo)}
      onChangeEmail={() => {
        setStep('email');
        setCode('');
        setCodeError(undefined);
      }}
    />
  );
}
