import CalendarClock from 'lucide-react/icons/calendar-clock';
import CalendarDays from 'lucide-react/icons/calendar-days';
import ChevronDown from 'lucide-react/icons/chevron-down';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Gift from 'lucide-react/icons/gift';
import Lock from 'lucide-react/icons/lock';
import Package from 'lucide-react/icons/package';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Tag from 'lucide-react/icons/tag';
import { CAMPAIGN_TYPE_LABELS, PLATFORM_LABELS } from '../../../../shared/constants';
import { formatIsoDate } from '../../../../shared/dates';
import { UPLOAD_DEADLINE_DAYS, uploadDeadline } from '../../../../shared/lifecycle/deadlines';
import type { Campaign } from '../../../../shared/schemas/campaign';
import { CampaignStatusBadge } from '../../../components/campaign-status-badge';
import { PlatformIcon } from '../../../components/platform-icon';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, TitledCard } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { boxesLeftText, campaignReward, productValueText } from '../../../lib/format';
import { Link } from '../../../lib/navigation';
import { useDisclosure } from '../../../lib/use-disclosure';
import type { SessionState } from '../../../lib/use-session';
import { VariantStock } from './variant-stock';

const rowLabel = 'text-slate-600';

export function OverviewCard({ campaign }: { campaign: Campaign }) {
  return (
    <TitledCard title="Campaign Overview" contentClassName="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className={rowLabel}>Brand</dt>
        <dd className="font-medium">{campaign.brand}</dd>
        <dt className={rowLabel}>Platform</dt>
        <dd className="inline-flex items-center gap-2 font-medium">
          <PlatformIcon platform={campaign.platform} className="size-4" />
          {PLATFORM_LABELS[campaign.platform]}
        </dd>
        <dt className={rowLabel}>Campaign type</dt>
        <dd className="font-medium">{CAMPAIGN_TYPE_LABELS[campaign.type]}</dd>
      </dl>
      {campaign.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {campaign.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary">{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </TitledCard>
  );
}

/** One of the schedule's two dates, with its icon. */
function ScheduleDate({
  icon: Icon,
  label,
  testId,
  children,
}: {
  icon: typeof CalendarDays;
  label: string;
  testId: string;
  children: string;
}) {
  return (
    <div className="rounded-xl bg-slate-50 p-4">
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        <Icon aria-hidden="true" className="size-5 shrink-0 text-mint-700" />
        {label}
      </dt>
      <dd className="mt-1 pl-7 font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function ScheduleCard({ campaign }: { campaign: Campaign }) {
  return (
    <TitledCard title="Campaign Schedule">
      <dl className="grid gap-3 sm:grid-cols-2">
        <ScheduleDate icon={CalendarDays} label="Application Deadline" testId="application-deadline">
          {formatIsoDate(campaign.deadline)}
        </ScheduleDate>
        <ScheduleDate icon={CalendarClock} label="Upload Deadline" testId="upload-deadline">
          {formatIsoDate(uploadDeadline(campaign.deadline))}
        </ScheduleDate>
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        Content is due {UPLOAD_DEADLINE_DAYS} days after the application deadline.
      </p>
    </TitledCard>
  );
}

export function ParticipationCard({ campaign }: { campaign: Campaign }) {
  return (
    <TitledCard title="Participation Guide" contentClassName="flex flex-col gap-5">
      <div>
        <h4 className="text-sm font-semibold text-slate-900">Your mission</h4>
        <p className="mt-1 leading-relaxed text-slate-700">{campaign.description}</p>
      </div>
      {campaign.requirements.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Requirements</h4>
          <ul className="mt-2 flex flex-col gap-2" data-testid="requirements">
            {campaign.requirements.map((requirement) => (
              <li key={requirement} className="flex gap-2.5 text-slate-700">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-mint-600" />
                {requirement}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </TitledCard>
  );
}

/** Content guidelines open for signed-in users only (spec §6). */
export function ContentGuidelineCard({ campaign, session }: { campaign: Campaign; session: SessionState }) {
  const { open, panelId, toggle } = useDisclosure();
  const platform = PLATFORM_LABELS[campaign.platform];
  return (
    <TitledCard title="Content Guideline" contentClassName="flex flex-col gap-4">
      <p className="text-slate-700">
        How to shoot, caption and post your {platform} content so the brand can approve it quickly.
      </p>
      {session.status === 'loading' ? <Skeleton className="h-10 w-48 rounded-lg" /> : null}
      {session.status === 'signed-out' ? (
        <Link to="/signin" className={buttonVariants({ variant: 'outline', className: 'w-fit' })}>
          <Lock aria-hidden="true" />
          Sign In to Access Guidelines
        </Link>
      ) : null}
      {session.status === 'signed-in' ? (
        <>
          <Button variant="outline" className="w-fit" {...toggle}>
            <ShieldCheck aria-hidden="true" />
            Access Guidelines
            <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
          </Button>
          <div id={panelId} hidden={!open} data-testid="content-guidelines">
            <ul className="flex list-disc flex-col gap-2 pl-5 text-slate-700">
              {campaign.requirements.map((requirement) => (
                <li key={requirement}>{requirement}</li>
              ))}
              <li>Post original content made by you on your {platform} account.</li>
              <li>Disclose the partnership clearly, with #ad or {platform}'s paid-partnership label.</li>
              <li>Keep the product the clear focus and show it in use.</li>
              <li>Submit the link to your post by {formatIsoDate(uploadDeadline(campaign.deadline))}.</li>
            </ul>
          </div>
        </>
      ) : null}
    </TitledCard>
  );
}

export function RewardCard({ campaign, session }: { campaign: Campaign; session: SessionState }) {
  const reward = campaignReward(campaign);
  const value = productValueText(campaign);
  const left = boxesLeftText(campaign);
  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-mint-700 to-mint-900 p-5 text-white">
        <h3 className="text-sm font-semibold text-mint-100">Reward Details</h3>
        <p className="mt-1 text-4xl font-extrabold tracking-tight" data-testid="campaign-reward">
          {reward.mint ?? 'PR box'}
        </p>
        <p className="mt-1 text-sm text-mint-100">1 Mint = 1 USD</p>
      </div>
      <CardContent className="flex flex-col gap-4 pt-5">
        <ul className="flex flex-col gap-2 text-sm text-slate-700">
          {reward.box ? (
            <li className="flex gap-2">
              <Gift aria-hidden="true" className="size-4 shrink-0 text-mint-700" />A free PR box shipped to
              you
            </li>
          ) : null}
          {value ? (
            <li className="flex gap-2" data-testid="product-value">
              <Tag aria-hidden="true" className="size-4 shrink-0 text-mint-700" />
              {value}
            </li>
          ) : null}
          {left ? (
            <li className="flex flex-col gap-1" data-testid="boxes-left">
              <span className="flex gap-2">
                <Package aria-hidden="true" className="size-4 shrink-0 text-mint-700" />
                {left}
              </span>
              {campaign.box ? <VariantStock campaignId={campaign.id} /> : null}
            </li>
          ) : null}
          {campaign.reward > 0 ? (
            <li className="flex gap-2">
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-mint-700" />
              {reward.mint} when your content is approved
            </li>
          ) : null}
          <li className="flex gap-2">
            <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-mint-700" />
            Redeem through PayPal from 50 Mint
          </li>
        </ul>
        <ApplySlot campaign={campaign} session={session} />
      </CardContent>
    </Card>
  );
}

function todayIso(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * Where applying happens. Visitors get 'Sign In to Apply'; a signed-in user is told when the campaign cannot take
 * applications. (The Apply action itself comes with the applications API.)
 */
function ApplySlot({ campaign, session }: { campaign: Campaign; session: SessionState }) {
  if (session.status === 'loading') return <Skeleton className="h-12 w-full rounded-lg" />;
  if (session.status === 'signed-out') {
    return (
      <Link to="/signin" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
        Sign In to Apply
      </Link>
    );
  }
  const reason =
    campaign.status !== 'active'
      ? 'This campaign is not taking applications.'
      : campaign.deadline < todayIso()
        ? 'The application deadline has passed.'
        : null;
  return reason ? (
    <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-testid="apply-unavailable">
      {reason}
    </p>
  ) : null;
}

export function StatsCard({ campaign }: { campaign: Campaign }) {
  return (
    <TitledCard title="Campaign Stats">
      <dl className="grid grid-cols-[1fr_auto] items-center gap-y-3 text-sm">
        <dt className={rowLabel}>Applications</dt>
        <dd className="text-right font-semibold" data-testid="applications-count">
          {campaign.applicationsCount.toLocaleString('en-US')}
        </dd>
        <dt className={rowLabel}>Followers Required</dt>
        <dd className="text-right font-semibold" data-testid="followers-required">
          {campaign.followersRequired > 0 ? campaign.followersRequired.toLocaleString('en-US') : 'Any'}
        </dd>
        <dt className={rowLabel}>Status</dt>
        <dd className="text-right">
          <CampaignStatusBadge status={campaign.status} />
        </dd>
      </dl>
    </TitledCard>
  );
}
