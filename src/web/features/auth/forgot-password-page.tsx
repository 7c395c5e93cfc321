import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordSchema } from '../../../shared/schemas/auth';
import { Alert } from '../../components/ui/alert';
import { SubmitButton } from '../../components/ui/submit-button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { requestPasswordReset } from './api/auth-api';
import { AuthForm, EmailField, useAuthForm } from './components/auth-form';
import { AuthLayout } from './components/auth-layout';

type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

/**
 * /forgot-password (from 'Forgot password?' on /signin, and on /admin with ?to=admin): asks for the account's email
 * and says the same thing whether or not an account uses it; the mail holds a link to /reset-password.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot your password?', 'Get a link to choose a new Mintbox password.');
  const [params] = useSearchParams();
  const signInPath = params.get('to') === 'admin' ? '/admin' : '/signin';
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, field, onSubmit, serverError } = useAuthForm<ForgotPassword>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    send: async ({ email }) => {
      await requestPasswordReset(email);
      setSentTo(email);
    },
    failed: 'We could not send the link. Please try again.',
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email address of your account. We will send you a link to choose a new password."
      footer={
        <Link to={signInPath} className="font-semibold text-mint-700 hover:underline">
          Back to Sign In
        </Link>
      }
    >
      {sentTo ? (
        <div className="flex flex-col gap-4">
          <Alert title="Check your email">
            If an account uses <strong className="break-all">{sentTo}</strong>, we sent it a link to choose a
            new password. The link works once, for 30 minutes. Nothing after a few minutes? Look in your spam
            folder.
          </Alert>
          <button
            type="button"
            className="self-center text-sm font-semibold text-mint-700 hover:underline"
            onClick={() => setSentTo(null)}
          >
            Use another address
          </button>
        </div>
      ) : (
        <AuthForm
          label="Ask for a reset link"
          error={serverError}
          errorTestId="forgot-error"
          onSubmit={onSubmit}
        >
          <EmailField {...field('email')} />
          <SubmitButton pending={form.formState.isSubmitting}>Send reset link</SubmitButton>
        </AuthForm>
      )}
    </AuthLayout>
  );
}
