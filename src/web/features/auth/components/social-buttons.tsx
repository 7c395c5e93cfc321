import { useState } from 'react';
import {
  providerNotConfiguredMessage,
  SOCIAL_PROVIDER_IDS,
  SOCIAL_PROVIDER_NAMES,
  type SocialProviderId,
} from '../../../../shared/schemas/auth';
import { toastFailure } from '../../../components/failure-toast';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useConfig } from '../../../lib/use-config';
import { startSocialSignIn } from '../api/auth-api';
import { ProviderIcon } from './provider-icon';

/**
 * Google, Facebook, X and TikTok (spec §2, §4). Google, Facebook and X ask the server for the provider's address and
 * go there; TikTok is a plain browser redirect to /api/auth/tiktok. A provider the operator has not configured looks
 * unavailable, and a click on it says why (spec §8 'Social login failed' / 'TikTok login failed').
 */
export function SocialButtons({ mode }: { mode: 'signin' | 'signup' }) {
  const config = useConfig();
  const enabled = new Set<SocialProviderId>(config.data?.authProviders ?? []);
  const [pending, setPending] = useState<SocialProviderId | null>(null);

  const signIn = async (provider: SocialProviderId) => {
    const name = SOCIAL_PROVIDER_NAMES[provider];
    if (provider === 'tiktok') {
      if (config.data && !enabled.has('tiktok')) {
        toast({
          variant: 'destructive',
          title: 'TikTok login failed',
          description: `Failed to authenticate with TikTok: ${providerNotConfiguredMessage('tiktok')}`,
        });
        return;
      }
      setPending('tiktok');
      window.location.assign('/api/auth/tiktok');
      return;
    }
    setPending(provider);
    try {
      const url = await startSocialSignIn(provider);
      window.location.assign(url);
      // The page is leaving: the buttons stay disabled until it has.
    } catch (error) {
      toastFailure('Social login failed', error, `Failed to sign in with ${name}`);
      setPending(null);
    }
  };

  const verb = mode === 'signin' ? 'Continue with' : 'Sign up with';

  return (
    <div className="grid grid-cols-2 gap-3" data-testid="social-buttons">
      {SOCIAL_PROVIDER_IDS.map((provider) => {
        const available = !config.data || enabled.has(provider);
        const name = SOCIAL_PROVIDER_NAMES[provider];
        return (
          <button
            key={provider}
            type="button"
            disabled={pending !== null}
            aria-label={`${verb} ${name}${available ? '' : ' (not available)'}`}
            title={available ? undefined : `${name} sign-in is not available`}
            data-provider={provider}
            data-available={available}
            onClick={() => signIn(provider)}
            className={cn(
              'inline-flex h-11 items-center justify-center gap-2.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 transition-colors hover:border-slate-400 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-mint-600 disabled:cursor-not-allowed disabled:opacity-60',
              !available && 'border-dashed bg-slate-50 text-slate-500 opacity-70 hover:bg-slate-100',
            )}
          >
            {pending === provider ? (
              <Spinner
                className="[&>span:first-child]:size-5 [&>span:first-child]:border-2"
                label={`Opening ${name}`}
              />
            ) : (
              <span className={cn(!available && 'grayscale')}>
                <ProviderIcon provider={provider} />
              </span>
            )}
            <span>{name}</span>
          </button>
        );
      })}
    </div>
  );
}
