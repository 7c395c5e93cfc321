import { PLATFORM_LABELS, type Platform } from '../../../../shared/constants';
import { FollowerFigures } from '../../../components/follower-figures';
import { PlatformIcon } from '../../../components/platform-icon';
import { TwoFactorSettings } from '../../../components/two-factor-settings';
import { Badge } from '../../../components/ui/badge';
import { useInstagramConnection } from '../api/instagram-api';
import type { CreatorRecord } from '../api/onboarding-api';
import { ProfileSection } from './profile-section';

/** The top of /profile: the creator's tier and why, then the follower figures of each platform that has them. */
export function ProfileStanding({ creator }: { creator: CreatorRecord }) {
  const instagram = useInstagramConnection();
  const instagramConnected = Boolean(instagram.data?.connection && !instagram.data.connection.needsReconnect);
  const shownAccounts = creator.social_accounts.filter(
    (a) =>
      a.followers !== null ||
      a.verified_followers !== null ||
      (a.platform === 'instagram' && instagramConnected),
  );
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600">
        <Badge data-testid="profile-tier">{creator.influencer_tier}</Badge>
        <span>
          {new Intl.NumberFormat('en-US').format(creator.total_followers)} followers across your platforms
        </span>
        <span className="basis-full text-center text-xs text-slate-500" data-testid="profile-tier-basis">
          {creator.tier_basis}
        </span>
      </div>
      {shownAccounts.length > 0 ? (
        <ul className="mb-6 flex flex-col gap-1.5 text-sm" data-testid="profile-followers">
          {shownAccounts.map((a) => (
            <li key={a.platform} className="flex flex-wrap items-center justify-center gap-2">
              <span className="inline-flex items-center gap-1.5 font-medium">
                <PlatformIcon platform={a.platform} className="size-4" />
                {PLATFORM_LABELS[a.platform as Platform] ?? a.platform}
              </span>
              <FollowerFigures
                stated={a.followers}
                verified={a.verified_followers}
                verifiedAt={a.verified_at}
                connected={a.platform === 'instagram' && instagramConnected}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** /profile's two-factor section: optional for a creator. */
export function ProfileTwoFactor(props: { enabled: boolean; account: string; canEnrol: boolean }) {
  return (
    <ProfileSection
      title="Two-factor authentication"
      testId="profile-two-factor"
      faint
      intro={
        <>
          Optional. With it, signing in and changing your PayPal email ask for a code from an authenticator
          app.
        </>
      }
    >
      <TwoFactorSettings {...props} />
    </ProfileSection>
  );
}
