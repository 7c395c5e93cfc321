import { ArrowLeft, Ban, PauseCircle, RotateCcw, UserX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PLATFORM_LABELS, type Platform } from '../../../shared/constants';
import { DELIVERY_PROBLEM_LABELS } from '../../../shared/lifecycle/delivery-problems';
import {
  CREATOR_STANDING_LABELS,
  type CreatorStanding,
  MODERATION_ACTION_LABELS,
  type ModerationAction,
} from '../../../shared/moderation';
import type { CreatorDetail } from '../../../shared/schemas/creator-admin';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { FollowerFigures } from '../../components/follower-figures';
import { HandleLink } from '../../components/handle-link';
import { PlatformIcon } from '../../components/platform-icon';
import { PostalAddress } from '../../components/postal-address';
import { ReliabilityFigures } from '../../components/reliability-figures';
import { TransactionStatusBadge } from '../../components/transaction-status-badge';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useAdminCan } from '../../lib/admin-permissions';
import { getErrorMessage, isNotFound } from '../../lib/api-client';
import { formatDateTime, formatNumber, formatShortDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCreatorDetail } from './api/creator-management';
import { AdminEmptyState } from './components/admin-layout';
import { CreatorModerationDialog } from './components/creator-moderation-dialog';
import { CreatorNotes } from './components/creator-notes';

const STANDING_VARIANT: Record<CreatorStanding, NonNullable<BadgeProps['variant']>> = {
  active: 'green',
  suspended: 'yellow',
  banned: 'red',
};

/** /admin/influencers/:id: one creator, everything an admin needs to run campaigns with them. */
export function CreatorPage() {
  const id = Number(useParams().id);
  const creator = useCreatorDetail(id);
  useDocumentTitle(creator.data ? creator.data.name : 'Creator');

  if (!Number.isSafeInteger(id) || id <= 0 || creator.isError) {
    const notFound = !creator.isError || isNotFound(creator.error);
    return (
      <AdminEmptyState
        icon={<UserX aria-hidden="true" className="size-6" />}
        title={notFound ? 'Creator not found' : "We couldn't load this creator"}
      >
        <p>{notFound ? 'There is no creator with this id.' : getErrorMessage(creator.error)}</p>
        <Link to="/admin/influencers" className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
          Back to Influencers
        </Link>
      </AdminEmptyState>
    );
  }
  if (creator.isPending) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-label="Loading creator">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
    );
  }
  return <Creator creator={creator.data} />;
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={title}
      className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className ?? ''}`}
    >
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const empty = (text: string) => <p className="text-sm text-slate-500">{text}</p>;

function Creator({ creator }: { creator: CreatorDetail }) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  const { can } = useAdminCan();
  const shipping = creator.profile?.shipping;
  return (
    <>
      <Link
        to="/admin/influencers"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-mint-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Influencers
      </Link>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
            <span className="break-words">{creator.name}</span>
            <Badge variant={STANDING_VARIANT[creator.standing]} data-testid="creator-standing">
              {CREATOR_STANDING_LABELS[creator.standing]}
            </Badge>
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            @{creator.username} · {creator.email} · joined {formatShortDate(creator.createdAt)}
          </p>
        </div>
        {can('POST /admin/influencers/{id}/suspend') ? (
          <div className="flex flex-wrap gap-2">
            {creator.standing === 'active' ? (
              <Button variant="outline" onClick={() => setAction('suspend')}>
                <PauseCircle aria-hidden="true" /> Suspend
              </Button>
            ) : (
              <Button variant="outline" onClick={() => setAction('restore')}>
                <RotateCcw aria-hidden="true" /> Lift {creator.standing === 'banned' ? 'ban' : 'suspension'}
              </Button>
            )}
            {creator.standing !== 'banned' ? (
              <Button variant="destructive" onClick={() => setAction('ban')}>
                <Ban aria-hidden="true" /> Ban
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
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

        <Section title="Shipping address">
          {shipping ? (
            <PostalAddress address={shipping} className="text-sm" testId="creator-address" />
          ) : (
            empty('The creator has not completed their profile.')
          )}
        </Section>

        <Section title="Handles and followers" className="lg:col-span-2">
          {creator.socials.length === 0 ? (
            empty('No handles yet.')
          ) : (
            <ul className="divide-y divide-slate-100">
              {creator.socials.map((s) => (
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
                  <FollowerFigures
                    stated={s.followers}
                    verified={s.verifiedFollowers}
                    verifiedAt={s.verifiedAt}
                  />
                  <span className="text-xs text-slate-500">
                    changed <time dateTime={s.updatedAt}>{formatShortDate(s.updatedAt)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        {creator.followerChanges.length ? (
          <Section title="Follower changes after onboarding" className="lg:col-span-2">
            <ul className="divide-y divide-slate-100 text-sm" data-testid="follower-changes">
              {creator.followerChanges.map((c) => (
                <li key={`${c.platform}-${c.changedAt}`} className="flex flex-wrap gap-x-3 py-1.5">
                  <span className="w-28 font-medium">
                    {PLATFORM_LABELS[c.platform as Platform] ?? c.platform}
                  </span>
                  <span className="tabular-nums">
                    {c.oldFollowers === null ? '—' : formatNumber(c.oldFollowers)} →{' '}
                    {c.newFollowers === null ? '—' : formatNumber(c.newFollowers)}
                  </span>
                  <span className="ml-auto text-xs text-slate-500">{formatDateTime(c.changedAt)}</span>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        <Section title="Reliability" className="lg:col-span-2">
          <p className="mb-3 text-sm text-slate-600">
            Counted from this creator's applications: a post is due by the campaign's upload deadline (or 7
            days after a late box); late ones came inside an extension for a delivery problem.
          </p>
          <ReliabilityFigures record={creator.reliability} />
        </Section>

        <Section title="Applications" className="lg:col-span-2">
          {creator.applications.length === 0 ? (
            empty('No applications yet.')
          ) : (
            <ul className="divide-y divide-slate-100">
              {creator.applications.map((a) => (
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
              ))}
            </ul>
          )}
        </Section>

        <Section title="Mint">
          <Facts
            items={[
              ['Balance', `${formatNumber(creator.wallet.balance)} Mint`],
              ['In payout', `${formatNumber(creator.wallet.inPayout)} Mint`],
              ['Earned in all', `${formatNumber(creator.wallet.totalEarned)} Mint`],
            ]}
          />
          {creator.wallet.entries.length === 0 ? (
            <div className="mt-3">{empty('No Mint movements yet.')}</div>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Mint history">
              {creator.wallet.entries.map((e) => (
                <li key={e.id} className="flex items-center gap-3 py-1.5">
                  <span className="min-w-0 flex-1 truncate">{e.description}</span>
                  <span className={`tabular-nums ${e.amount < 0 ? 'text-red-700' : 'text-green-700'}`}>
                    {e.amount > 0 ? '+' : ''}
                    {formatNumber(e.amount)}
                  </span>
                  <span className="text-xs text-slate-500">{formatShortDate(e.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Payouts">
          {creator.payouts.length === 0 ? (
            empty('No payouts requested.')
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {creator.payouts.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-3 py-1.5">
                  <span className="font-medium">{p.label}</span>
                  <span className="tabular-nums">{formatNumber(p.amount)} Mint</span>
                  <TransactionStatusBadge status={p.status} />
                  {creator.standing === 'banned' && p.status === 'pending' ? (
                    <Badge variant="red">Held for review</Badge>
                  ) : null}
                  <span className="ml-auto text-xs text-slate-500">{formatShortDate(p.requestedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Delivery problems">
          {creator.problems.length === 0 ? (
            empty('No delivery problems reported.')
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {creator.problems.map((p) => (
                <li key={p.applicationId} className="py-1.5">
                  <p>
                    <span className="font-medium">{p.campaign}</span>:{' '}
                    {DELIVERY_PROBLEM_LABELS[p.problem as keyof typeof DELIVERY_PROBLEM_LABELS] ?? p.problem}
                  </p>
                  {p.note ? <p className="text-slate-600">“{p.note}”</p> : null}
                  <p className="text-xs text-slate-500">reported {formatDateTime(p.reportedAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Private notes">
          <CreatorNotes creatorId={creator.id} notes={creator.notes} />
        </Section>

        <Section title="Audit log" className="lg:col-span-2">
          {creator.audit.length === 0 ? (
            empty('No suspensions or bans.')
          ) : (
            <ol className="divide-y divide-slate-100 text-sm" aria-label="Audit log entries">
              {creator.audit.map((e) => (
                <li key={e.id} className="py-2" data-testid="audit-entry">
                  <p>
                    <span className="font-semibold">{MODERATION_ACTION_LABELS[e.action]}</span> by {e.actor} ·{' '}
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                  </p>
                  <p className="text-slate-600">{e.reason}</p>
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>

      <CreatorModerationDialog
        creatorId={creator.id}
        creatorName={creator.name}
        action={action}
        onClose={() => setAction(null)}
      />
    </>
  );
}
