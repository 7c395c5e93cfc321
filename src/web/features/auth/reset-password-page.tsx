import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../../shared/rules/password';
import { resetPasswordSchema } from '../../../shared/schemas/auth';
import { Alert } from '../../components/ui/alert';
import { buttonVariants } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/input';
import { SubmitButton } from '../../components/ui/submit-button';
import { getErrorMessage } from '../../lib/api-client';
import { formFields } from '../../lib/form-field';
import { useDocumentTitle } from '../../lib/use-document-title';
import { refreshSession } from '../../lib/use-session';
import { RESET_LINK_INVALID, resetPassword } from './api/auth-api';
import { AuthForm } from './components/auth-form';
import { AuthLayout } from './components/auth-layout';

type ResetPassword = z.infer<typeof resetPasswordSchema>;

/**
 * /reset-password?token=… (the link of the reset mail): a new password, under the same rule as sign-up. Setting it
 * signs the account out everywhere; then Sign In (on /admin for admins, whose link says to=admin).
 */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const id = useId();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token');
  const forAdmin = params.get('to') === 'admin';
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(token ? null : RESET_LINK_INVALID);
  const form = useForm<ResetPassword>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { isSubmitting } = form.formState;
  const field = formFields(form, id);
  const newLinkPath = forAdmin ? '/forgot-password?to=admin' : '/forgot-password';

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    setServerError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
      // Every session of the account has ended, this browser's included.
      await refreshSession(queryClient).catch(() => undefined);
    } catch (error) {
      setServerError(getErrorMessage(error, 'We could not change your password. Please try again.'));
    }
  });

  if (done) {
    return (
      <AuthLayout title="Choose a new password">
        <div className="flex flex-col gap-4">
          <Alert title="Your password was changed">
            Every device that was signed in to your account has been signed out. Sign in with your new
            password.
          </Alert>
          <Link to={forAdmin ? '/admin' : '/signin'} className={buttonVariants({ size: 'lg' })}>
            Sign In
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="Pick one you don't use on any other site.">
      <AuthForm
        label="Choose a new password"
        error={serverError}
        errorTestId="reset-error"
        onSubmit={onSubmit}
      >
        {serverError === RESET_LINK_INVALID ? (
          <Link to={newLinkPath} className="-mt-2 text-sm font-semibold text-mint-700 hover:underline">
            Ask for a new link
          </Link>
        ) : null}
        <PasswordField
          kind="new"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...field('password')}
        />
        <PasswordField kind="new" label="Confirm new password" {...field('confirm')} />
        <SubmitButton pending={isSubmitting}>Set new password</SubmitButton>
      </AuthForm>
    </AuthLayout>
  );
}
