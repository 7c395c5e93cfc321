import { useRef } from 'react';
import { Link, Navigate } from 'react-router';
import { homePathFor } from '../../lib/account-paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/use-session';
import { AuthLayout, OrDivider } from './components/auth-layout';
import { EmailSignInForm } from './components/email-auth-form';
import { SocialButtons } from './components/social-buttons';

/** /signin (spec §2): the four providers, email and password, a link to /signup and Back to Home. */
export function SignInPage() {
  useDocumentTitle('Sign In', 'Sign in to Mintbox to join brand gifting campaigns and earn Mint.');
  const session = useSession();
  const submitting = useRef(false);
  // Someone already signed in has nothing to do here (the form navigates by itself after a sign-in).
  if (session.status === 'signed-in' && !submitting.current) {
    return <Navigate to={homePathFor(session.user)} replace />;
  }
  return (
    <AuthLayout
      title="Sign In"
      subtitle="Welcome back! Sign in to find your next campaign."
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/signup" className="font-semibold text-mint-700 hover:underline">
            Sign Up
          </Link>
        </>
      }
    >
      <SocialButtons mode="signin" />
      <OrDivider />
      <EmailSignInForm
        onSubmitStart={() => {
          submitting.current = true;
        }}
      />
    </AuthLayout>
  );
}
