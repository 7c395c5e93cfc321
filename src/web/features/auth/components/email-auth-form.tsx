import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/rules/password';
import { emailSignInSchema, emailSignUpSchema } from '../../../../shared/schemas/auth';
import { ForgotPasswordLink } from '../../../components/forgot-password-link';
import { TwoFactorSignInStep } from '../../../components/two-factor-sign-in-step';
import { PasswordField, TextField } from '../../../components/ui/input';
import { SubmitButton } from '../../../components/ui/submit-button';
import { homePathFor } from '../../../lib/account-paths';
import { refreshSession } from '../../../lib/use-session';
import { type EmailSignIn, type EmailSignUp, signInWithEmail, signUpWithEmail } from '../api/auth-api';
import { AuthForm, EmailField, useAuthForm } from './auth-form';

/** Runs a sign-in or sign-up call, then reads the new session and goes where the account belongs. */
function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (call: () => Promise<unknown>, destination?: string) => {
    await call();
    const { user } = await refreshSession(queryClient);
    if (!user) throw new Error('Your session could not be started. Please check that cookies are allowed.');
    navigate(destination ?? homePathFor(user), { replace: true });
  };
}

/** Whether a sign-in answer is Better Auth's "second factor required" (no session yet: a code comes next). */
function needsCode(answer: unknown): boolean {
  return Boolean(
    answer && typeof answer === 'object' && 'twoFactorRedirect' in answer && answer.twoFactorRedirect,
  );
}

/**
 * /signin email and password form (spec §5: both needed). An account with an authenticator app then enters its
 * code (issue 22).
 */
export function EmailSignInForm({ onSubmitStart }: { onSubmitStart?: () => void }) {
  const finish = useFinishSignIn();
  const [codeStep, setCodeStep] = useState(false);
  const { form, field, onSubmit, serverError, setServerError } = useAuthForm<EmailSignIn>({
    resolver: zodResolver(emailSignInSchema),
    defaultValues: { email: '', password: '' },
    onSubmitStart,
    send: async (values) => {
      const answer = await signInWithEmail(values);
      if (needsCode(answer)) {
        // No session yet: it starts once the code is accepted.
        form.resetField('password');
        setCodeStep(true);
        return;
      }
      await finish(async () => undefined);
    },
    failed: 'Sign in failed. Please try again.',
  });

  if (codeStep) {
    return (
      <TwoFactorSignInStep
        onVerified={() => finish(async () => undefined)}
        onRestart={(message) => {
          setCodeStep(false);
          setServerError(message || null);
        }}
      />
    );
  }

  return (
    <AuthForm label="Sign in with email" error={serverError} errorTestId="auth-error" onSubmit={onSubmit}>
      <EmailField {...field('email')} />
      <PasswordField kind="current" placeholder="Your password" {...field('password')} />
      <ForgotPasswordLink />
      <SubmitButton pending={form.formState.isSubmitting}>Sign In</SubmitButton>
    </AuthForm>
  );
}

/** /signup form: sign-up always makes an influencer, whose next step is email verification. */
export function EmailSignUpForm({ onSubmitStart }: { onSubmitStart?: () => void }) {
  const finish = useFinishSignIn();
  const { form, field, onSubmit, serverError } = useAuthForm<EmailSignUp>({
    resolver: zodResolver(emailSignUpSchema),
    defaultValues: { name: '', email: '', password: '' },
    onSubmitStart,
    send: (values) => finish(() => signUpWithEmail(values), '/email-verification'),
    failed: 'Sign up failed. Please try again.',
  });

  return (
    <AuthForm label="Sign up with email" error={serverError} errorTestId="auth-error" onSubmit={onSubmit}>
      <TextField label="Name" autoComplete="name" placeholder="Your full name" {...field('name')} />
      <EmailField {...field('email')} />
      <PasswordField
        kind="new"
        placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
        {...field('password')}
      />
      <SubmitButton pending={form.formState.isSubmitting}>Create Account</SubmitButton>
    </AuthForm>
  );
}
