import { Sparkles } from 'lucide-react';
import { type Control, useWatch } from 'react-hook-form';
import type { Profile } from '../../../../shared/schemas/profile';
import { type ProfileFormValues, tierPreview } from '../profile-form';

const numberFormat = new Intl.NumberFormat('en-US');

/** Live influencer tier (spec §4) from the follower counts typed so far; the server computes the real one. */
export function TierPreview({ control }: { control: Control<ProfileFormValues, unknown, Profile> }) {
  const [tiktokFollowers, instagramFollowers, youtubeSubscribers] = useWatch({
    control,
    name: ['tiktokFollowers', 'instagramFollowers', 'youtubeSubscribers'],
  });
  const { tier, highest } = tierPreview({
    tiktokFollowers: tiktokFollowers ?? '',
    instagramFollowers: instagramFollowers ?? '',
    youtubeSubscribers: youtubeSubscribers ?? '',
  });
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
            ? `From your largest audience: ${numberFormat.format(highest)}.`
            : 'Add your follower counts to see your tier.'}{' '}
          Nano from 1,000 · Mid-Tier above 10,000 · Macro above 50,000 · Mega above 100,000.
        </p>
      </div>
    </div>
  );
}
