import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmailSignUpForm } from './components/email-auth-form';
import { ProviderOrEmailPage } from './components/provider-or-email-page';

/** /signup (spec §2): the same four providers, name, email and password, a link to /signin. */
export function SignUpPage() {
  useDocumentTitle(
    'Sign Up',
    'Create your Mintbox creator account and start joining brand gifting campaigns.',
  );
  return (
    <ProviderOrEmailPage
      mode="signup"
      title="Sign Up"
      subtitle="Create your creator account. It's free."
      otherPage={{ question: 'Already have an account?', to: '/signin', label: 'Sign In' }}
      emailForm={EmailSignUpForm}
    >
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
    </ProviderOrEmailPage>
  );
}
