import { Link } from 'react-router';
import { PLATFORM_LABELS, type Platform } from '../../../../shared/constants';
import type { CreatorDetail } from '../../../../shared/schemas/creator-admin';
import { ApplicationStatusBadge } from '../../../components/application-status-badge';
import { FollowerFigures } from '../../../components/follower-figures';
import { HandleLink } from '../../../components/handle-link';
import { PlatformIcon } from '../../../components/platform-icon';
import { PostalAddress } from '../../../components/postal-address';
import { ReliabilityFigures } from '../../../components/reliability-figures';
import { formatDateTime, formatNumber, formatShortDate } from '../../../lib/format';
import { empty, Facts, RecordList, Section } from './creator-section';

/** The creator page's parts about who the creator is: profile, address, handles, reliability, applications. */

/** Tier, followers, engagement and the contact details. */
export function ProfileSection({ creator }: { creator: CreatorDetail }) {
  return (
    <Section title="Profile">
      <Facts
        items={[
          [
            'Tier',
            creator.tier ? (
              <span key="tier" data-testid="creator-tier">
                {creator.tier}
                {creator.tierBasis ? (
                  <span className="block text-xs text-slate-500">{creator.tierBasis}</span>
                ) : null}
              </span>
            ) : (
              'No profile yet'
            ),
          ],
          ['Total followers', formatNumber(creator.totalFollowers)],
          [
            'Engagement rate',
            creator.measuredPosts > 0
              ? `${creator.engagementRate}% over ${creator.measuredPosts} measured post${creator.measuredPosts === 1 ? '' : 's'}`
              : 'No measured posts yet',
          ],
          ['Email', `${creator.email}${creator.emailVerified ? ' (verified)' : ' (not verified)'}`],
          ['Phone', creator.profile?.phoneNumber ?? '—'],
          ['PayPal', creator.profile?.paypalEmail ?? '—'],
          [
            'Categories',
            creator.profile
              ? `${creator.profile.primaryCategory}, ${creator.profile.secondaryCategory}`
              : '—',
          ],
        ]}
      />
    </Section>
  );
}

/** Where a box goes. */
export function ShippingSection({ creator }: { creator: CreatorDetail }) {
  const shipping = creator.profile?.shipping;
  return (
    <Section title="Shipping address">
      {shipping ? (
        <PostalAddress address={shipping} className="text-sm" testId="creator-address" />
      ) : (
        empty('The creator has not completed their profile.')
      )}
    </Section>
  );
}

/** Each platform's handle with its stated and verified followers. */
export function HandlesSection({ creator }: { creator: CreatorDetail }) {
  return (
    <Section title="Handles and followers" className="lg:col-span-2">
      <RecordList
        items={creator.socials}
        emptyText="No handles yet."
        row={(s) => (
          <li key={s.platform} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
            <span className="flex w-32 items-center gap-2 font-medium">
              <PlatformIcon platform={s.platform} className="size-4" />
              {PLATFORM_LABELS[s.platform as Platform] ?? s.platform}
            </span>
            <span className="min-w-0 flex-1 basis-40">
              {s.handle ? (
                <HandleLink platform={s.platform} handle={s.handle} showIcon={false} />
              ) : (
                <span className="text-slate-400">No handle</span>
              )}
            </span>
            <FollowerFigures stated={s.followers} verified={s.verifiedFollowers} verifiedAt={s.verifiedAt} />
            <span className="text-xs text-slate-500">
              changed <time dateTime={s.updatedAt}>{formatShortDate(s.updatedAt)}</time>
            </span>
          </li>
        )}
      />
    </Section>
  );
}

/** Followers changed after onboarding, when there are any. */
export function FollowerChangesSection({ creator }: { creator: CreatorDetail }) {
  if (!creator.followerChanges.length) return null;
  return (
    <Section title="Follower changes after onboarding" className="lg:col-span-2">
      <ul className="divide-y divide-slate-100 text-sm" data-testid="follower-changes">
        {creator.followerChanges.map((c) => (
          <li key={`${c.platform}-${c.changedAt}`} className="flex flex-wrap gap-x-3 py-1.5">
            <span className="w-28 font-medium">{PLATFORM_LABELS[c.platform as Platform] ?? c.platform}</span>
            <span className="tabular-nums">
              {c.oldFollowers === null ? '—' : formatNumber(c.oldFollowers)} →{' '}
              {c.newFollowers === null ? '—' : formatNumber(c.newFollowers)}
            </span>
            <span className="ml-auto text-xs text-slate-500">{formatDateTime(c.changedAt)}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** On time, late and missed posts, counted from the creator's applications. */
export function ReliabilitySection({ creator }: { creator: CreatorDetail }) {
  return (
    <Section title="Reliability" className="lg:col-span-2">
      <p className="mb-3 text-sm text-slate-600">
        Counted from this creator's applications: a post is due by the campaign's upload deadline (or 7 days
        after a late box); late ones came inside an extension for a delivery problem.
      </p>
      <ReliabilityFigures record={creator.reliability} />
    </Section>
  );
}

/** Every campaign the creator applied to, with its status. */
export function ApplicationsSection({ creator }: { creator: CreatorDetail }) {
  return (
    <Section title="Applications" className="lg:col-span-2">
      <RecordList
        items={creator.applications}
        emptyText="No applications yet."
        row={(a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
            <Link
              to={`/admin/campaigns/${a.campaignId}`}
              className="min-w-0 flex-1 font-medium text-mint-700 hover:underline"
            >
              {a.campaign}
            </Link>
            <ApplicationStatusBadge status={a.status} />
            <span className="text-xs text-slate-500">applied {formatShortDate(a.appliedAt)}</span>
          </li>
        )}
      />
    </Section>
  );
}
