import { campaignPath } from '../../../../shared/paths';
import type { Campaign } from '../../../../shared/schemas/campaign';
import { PlatformIcon } from '../../../components/platform-icon';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { boxesLeftText, campaignReward, productValueText } from '../../../lib/format';
import { Link } from '../../../lib/navigation';

/**
 * One campaign in the grid. The whole card is clickable, but the link itself is the title (its name is the campaign's
 * name; the rest of the card stays plain text for screen readers).
 */
export function CampaignCard({ campaign }: { campaign: Campaign }) {
  const reward = campaignReward(campaign);
  const value = productValueText(campaign);
  const left = boxesLeftText(campaign);
  return (
    <Card
      className="group relative flex flex-col overflow-hidden transition-all hover:-translate-y-0.5 hover:shadow-lg has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-mint-600"
      data-testid="campaign-card"
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-slate-100 sm:aspect-[4/3]">
        <img
          src={campaign.imageUrl}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        <span className="absolute top-3 right-3 rounded-full bg-white/90 p-1.5 text-slate-900 shadow">
          <PlatformIcon platform={campaign.platform} />
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{campaign.brand}</p>
        <h3 className="line-clamp-2 text-base font-semibold">
          <Link
            to={campaignPath(campaign.id)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {campaign.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-slate-600">{campaign.description}</p>
        <div className="flex flex-wrap gap-1.5">
          {campaign.tags.map((tag) => (
            <Badge key={tag} variant="secondary">
              {tag}
            </Badge>
          ))}
        </div>
        <p
          className="mt-auto flex items-center gap-2 pt-2 text-sm font-bold text-mint-700"
          data-testid="reward"
        >
          {reward.mint}
          {reward.box ? (
            <span className="rounded-full bg-mint-50 px-2 py-0.5 text-xs font-semibold text-mint-800">
              {reward.mint ? '+ PR box' : 'PR box'}
            </span>
          ) : null}
        </p>
        {value || left ? (
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600" data-testid="box-facts">
            {value ? <span data-testid="product-value">{value}</span> : null}
            {left ? <span data-testid="boxes-left">{left}</span> : null}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

export function CampaignCardSkeleton() {
  return (
    <Card className="overflow-hidden" data-testid="campaign-card-skeleton">
      <Skeleton className="aspect-[16/10] rounded-none sm:aspect-[4/3]" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-2 h-4 w-16" />
      </div>
    </Card>
  );
}
