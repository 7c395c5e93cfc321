import { Sparkles } from 'lucide-react';
import { type Control, useWatch } from 'react-hook-form';
import { PLATFORM_LABELS } from '../../../../shared/constants';
import { type Profile, tierFromAccounts } from '../../../../shared/schemas/profile';
import { type ProfileFormValues, parseCount } from '../profile-form';

/** Follower counts read from a platform with a connected account (verified), by platform. */
export type VerifiedCounts = Partial<Record<'tiktok' | 'instagram' | 'youtube', number>>;

const numberFormat = new Intl.NumberFormat('en-US');

/** Live influencer tier (spec §4) from the follower counts typed so far; the server computes the real one. */
export function TierPreview({
  control,
  verified = {},
}: {
  control: Control<ProfileFormValues, unknown, Profile>;
  /** Counts read from the platform: they count instead of the typed ones, as on the server. */
  verified?: VerifiedCounts | undefined;
}) {
  const [tiktokFollowers, instagramFollowers, youtubeSubscribers] = useWatch({
    control,
    name: ['tiktokFollowers', 'instagramFollowers', 'youtubeSubscribers'],
  });
  const accounts = (
    [
      ['tiktok', tiktokFollowers],
      ['instagram', instagramFollowers],
      ['youtube', youtubeSubscribers],
    ] as const
  ).map(([platform, typed]) => ({
    platform,
    followers: parseCount(typed ?? '') ?? null,
    verifiedFollowers: verified[platform] ?? null,
  }));
  const { tier, basis, basisPlatform } = tierFromAccounts(accounts);
  const highest = Math.max(0, ...accounts.map((a) => a.verifiedFollowers ?? a.followers ?? 0));
  return (
    <div
      className="flex items-start gap-3 rounded-xl border border-mint-200 bg-mint-50 p-4 text-sm text-mint-900"
      data-testid="tier-preview"
    >
      <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-mint-700" />
      <div aria-live="polite">
        <p>
          Your tier: <strong className="font-semibold">{tier}</strong>
        </p>
        <p className="mt-0.5 text-xs text-mint-800">
          {highest > 0
            ? `From your largest audience: ${numberFormat.format(highest)}${
                basis === 'verified' && basisPlatform
                  ? ` (verified ${PLATFORM_LABELS[basisPlatform as keyof typeof PLATFORM_LABELS]} followers)`
                  : ''
              }.`
            : 'Add your follower counts to see your tier.'}{' '}
          Nano from 1,000 · Mid-Tier above 10,000 · Macro above 50,000 · Mega above 100,000.
        </p>
      </div>
    </div>
  );
}
