import { type ComponentType, type ReactNode, useRef } from 'react';
import { Link, Navigate } from 'react-router';
import { homePathFor } from '../../../lib/account-paths';
import { useSession } from '../../../lib/use-session';
import { AuthLayout, OrDivider } from './auth-layout';
import { SocialButtons } from './social-buttons';

/**
 * The frame /signin and /signup share: the four provider buttons, "or use your email", the page's email form, and a
 * link to the other page below the card. Someone already signed in is sent where their account belongs, but not once
 * the form on screen has been sent: it navigates by itself after it succeeds.
 */
export function ProviderOrEmailPage({
  mode,
  title,
  subtitle,
  otherPage,
  emailForm: EmailForm,
  children,
}: {
  mode: 'signin' | 'signup';
  title: string;
  subtitle: string;
  /** The link under the card to the other page: "Don't have an account? Sign Up". */
  otherPage: { question: string; to: string; label: string };
  emailForm: ComponentType<{ onSubmitStart: () => void }>;
  /** What stands under the email form (the sign-up's terms). */
  children?: ReactNode;
}) {
  const session = useSession();
  const submitting = useRef(false);
  if (session.status === 'signed-in' && !submitting.current) {
    return <Navigate to={homePathFor(session.user)} replace />;
  }
  return (
    <AuthLayout
      title={title}
      subtitle={subtitle}
      footer={
        <>
          {otherPage.question}{' '}
          <Link to={otherPage.to} className="font-semibold text-mint-700 hover:underline">
            {otherPage.label}
          </Link>
        </>
      }
    >
      <SocialButtons mode={mode} />
      <OrDivider />
      <EmailForm
        onSubmitStart={() => {
          submitting.current = true;
        }}
      />
      {children}
    </AuthLayout>
  );
}
