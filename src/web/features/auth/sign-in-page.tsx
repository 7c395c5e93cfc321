import { useDocumentTitle } from '../../lib/use-document-title';
import { EmailSignInForm } from './components/email-auth-form';
import { ProviderOrEmailPage } from './components/provider-or-email-page';

/** /signin (spec §2): the four providers, email and password, a link to /signup and Back to Home. */
export function SignInPage() {
  useDocumentTitle('Sign In', 'Sign in to Mintbox to join brand gifting campaigns and earn Mint.');
  return (
    <ProviderOrEmailPage
      mode="signin"
      title="Sign In"
      subtitle="Welcome back! Sign in to find your next campaign."
      otherPage={{ question: "Don't have an account?", to: '/signup', label: 'Sign Up' }}
      emailForm={EmailSignInForm}
    />
  );
}
