import { useRef } from 'react';
import { Link, Navigate } from 'react-router';
import { homePathFor } from '../../lib/account-paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/use-session';
import { AuthLayout, OrDivider } from './components/auth-layout';
import { EmailSignUpForm } from './components/email-auth-form';
import { SocialButtons } from './components/social-buttons';

/** /signup (spec §2): the same four providers, name, email and password, a link to /signin. */
export function SignUpPage() {
  useDocumentTitle(
    'Sign Up',
    'Create your Mintbox creator account and start joining brand gifting campaigns.',
  );
  const session = useSession();
  const submitting = useRef(false);
  if (session.status === 'signed-in' && !submitting.current) {
    return <Navigate to={homePathFor(session.user)} replace />;
  }
  return (
    <AuthLayout
      title="Sign Up"
      subtitle="Create your creator account. It's free."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/signin" className="font-semibold text-mint-700 hover:underline">
            Sign In
          </Link>
        </>
      }
    >
      <SocialButtons mode="signup" />
      <OrDivider />
      <EmailSignUpForm
        onSubmitStart={() => {
          submitting.current = true;
        }}
      />
      <p className="mt-4 text-center text-xs text-slate-500">
        By signing up you agree to our{' '}
        <Link to="/terms" className="underline hover:text-slate-700">
          Terms
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="underline hover:text-slate-700">
          Privacy Policy
        </Link>
        .
      </p>
    </AuthLayout>
  );
}
