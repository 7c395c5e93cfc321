import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { type AdminSignIn, adminSignInSchema } from '../../../shared/schemas/auth';
import { type AdminSignInResult, adminSignInResultSchema } from '../../../shared/schemas/session';
import { AdminAuthCard, AdminAuthFrame, adminAuthCornerClass } from '../../components/admin/admin-auth-card';
import { ForgotPasswordLink } from '../../components/forgot-password-link';
import { TwoFactorSignInStep } from '../../components/two-factor-sign-in-step';
import { ErrorAlert } from '../../components/ui/alert';
import { PasswordField, TextField } from '../../components/ui/input';
import { SubmitButton } from '../../components/ui/submit-button';
import { apiFetch, getErrorMessage } from '../../lib/api-client';
import { formFields } from '../../lib/form-field';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGoSignedIn } from '../../lib/use-go-signed-in';
import { useSession } from '../../lib/use-session';

const INVALID_CREDENTIALS = 'Invalid credentials. Please check your username and password.';

/** Signs in with the admin form; answers where the admin goes next, and whether a second-factor code comes first. */
async function postAdminSignIn(values: AdminSignIn): Promise<AdminSignInResult> {
  return apiFetch('/api/auth/admin-sign-in', {
    method: 'POST',
    json: values,
    schema: adminSignInResultSchema,
  });
}

/**
 * /admin: the admin sign-in (spec §2, §5: username and password both required). The server checks the account
 * and its role; success goes to /admin/campaigns, failure shows the spec's alert. An admin with an authenticator
 * app then enters its code (issue 22); one who must enrol first goes to /admin/two-factor.
 */
export function AdminSignInPage() {
  useDocumentTitle('Admin Sign In');
  const id = useId();
  const session = useSession();
  const goSignedIn = useGoSignedIn();
  const submitting = useRef(false);
  const [serverError, setServerError] = useState<string | null>(null);
  /** Where to go once the second-factor code is accepted (null: the password step is on screen). */
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const form = useForm<AdminSignIn>({
    resolver: zodResolver(adminSignInSchema),
    defaultValues: { username: '', password: '' },
  });
  const { isSubmitting } = form.formState;
  const field = formFields(form, id);

  if (session.status === 'signed-in' && session.user.role === 'admin' && !submitting.current) {
    return <Navigate to="/admin/campaigns" replace />;
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    submitting.current = true;
    try {
      const { redirectTo, twoFactorRequired } = await postAdminSignIn(values);
      if (twoFactorRequired) {
        submitting.current = false;
        form.resetField('password');
        setCodeFor(redirectTo);
        return;
      }
      await goSignedIn(redirectTo);
    } catch (error) {
      submitting.current = false;
      setServerError(getErrorMessage(error, INVALID_CREDENTIALS));
    }
  });

  return (
    <AdminAuthFrame
      corner={
        <Link to="/" className={adminAuthCornerClass}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Home
        </Link>
      }
    >
      <AdminAuthCard
        icon={ShieldCheck}
        title={codeFor ? 'Two-factor authentication' : 'Admin Sign In'}
        description={codeFor ? 'One more step to sign in.' : 'Manage campaigns, creators and payments.'}
      >
        {codeFor ? (
          <TwoFactorSignInStep
            onVerified={async () => {
              submitting.current = true;
              await goSignedIn(codeFor);
            }}
            onRestart={(message) => {
              setCodeFor(null);
              setServerError(message || null);
            }}
          />
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Admin sign in">
            <ErrorAlert message={serverError} data-testid="admin-sign-in-error" />
            <TextField
              label="Username or email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...field('username')}
            />
            <PasswordField kind="current" {...field('password')} />
            <ForgotPasswordLink to="/forgot-password?to=admin" />
            <SubmitButton pending={isSubmitting} pendingLabel="Signing in">
              Sign In
            </SubmitButton>
          </form>
        )}
      </AdminAuthCard>
    </AdminAuthFrame>
  );
}
