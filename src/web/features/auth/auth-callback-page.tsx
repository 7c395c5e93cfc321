import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ERROR_REDIRECT_DELAY_MS } from '../../../shared/constants';
import { SOCIAL_PROVIDER_NAMES, type SocialProviderId } from '../../../shared/schemas/auth';
import { Logo } from '../../components/logo';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { homePathFor } from '../../lib/account-paths';
import { getErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { refreshSession } from '../../lib/use-session';
import { callbackErrorMessage } from './api/auth-api';

function providerName(provider: string | null): string | null {
  return provider && provider in SOCIAL_PROVIDER_NAMES
    ? SOCIAL_PROVIDER_NAMES[provider as SocialProviderId]
    : null;
}

/**
 * /auth/callback (spec §2 Auth callback, §4 Callback cases): the server has finished the provider sign-in and set
 * the session cookie (or sent an error code). This page reads the session and sends the person on; on an error it
 * shows it and returns to /signin after 3 seconds.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const provider = params.get('provider');
  const errorParam = params.get('error');
  const errorDescription = params.get('error_description');
  const name = providerName(provider);
  const [error, setError] = useState<string | null>(
    errorParam ? callbackErrorMessage(errorParam, errorDescription) : null,
  );
  useDocumentTitle(error ? 'Authentication Error' : 'Signing in');

  useEffect(() => {
    if (errorParam) return;
    let cancelled = false;
    refreshSession(queryClient)
      .then(({ user }) => {
        if (cancelled) return;
        if (!user) {
          setError(callbackErrorMessage(null));
          return;
        }
        const destination = homePathFor(user);
        if (provider === 'tiktok' && destination === '/email-verification') {
          toast({
            title: 'Account connected! Please verify your email to complete registration.',
          });
        }
        navigate(destination, { replace: true });
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        setError(getErrorMessage(failure, callbackErrorMessage(null)));
      });
    return () => {
      cancelled = true;
    };
  }, [errorParam, provider, queryClient, navigate]);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => navigate('/signin', { replace: true }), ERROR_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [error, navigate]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 bg-linear-to-br from-mint-50 via-white to-teal-50 px-4">
      <Logo />
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-xl shadow-mint-900/5">
        {error ? (
          <div role="alert" className="flex flex-col items-center gap-3">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
              <AlertCircle aria-hidden="true" className="size-6" />
            </span>
            <h1 className="text-xl font-bold">Authentication Error</h1>
            <p className="text-sm text-slate-700" data-testid="callback-error">
              {error}
            </p>
            <p className="text-sm text-slate-500">Redirecting to sign in page...</p>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-4">
            <Spinner label="Signing you in" />
            <h1 className="text-lg font-semibold">
              {name ? `Completing ${name} sign in...` : 'Completing sign in...'}
            </h1>
          </div>
        )}
      </div>
    </main>
  );
}
