import BadgeCheck from 'lucide-react/icons/badge-check';
import Crown from 'lucide-react/icons/crown';
import Images from 'lucide-react/icons/images';
import Zap from 'lucide-react/icons/zap';
import { lazy, Suspense, useRef, useState } from 'react';
import type { Campaign, CampaignDetail } from '../../../../shared/schemas/campaign';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

const loadGallery = () => import('./gallery-dialog');
const GalleryDialog = lazy(() => loadGallery().then((m) => ({ default: m.GalleryDialog })));

/** The campaign's own pictures: its gallery, or its main image when the gallery is empty. */
export function campaignImages(campaign: Campaign): string[] {
  const images = campaign.gallery.filter(Boolean);
  return images.length > 0 ? images : [campaign.imageUrl];
}

/** One of the hero's highlights: a large badge with its icon, in the list under the title. */
function Highlight({
  variant,
  icon: Icon,
  title,
  children,
}: {
  variant: BadgeProps['variant'];
  icon: typeof Crown;
  title?: string;
  children: string;
}) {
  return (
    <li>
      <Badge variant={variant} className="gap-1 px-3 py-1 text-sm" title={title}>
        <Icon aria-hidden="true" className="size-4" />
        {children}
      </Badge>
    </li>
  );
}

/** The highlights a campaign earns, in order: Active Campaign, then the claims about its brand the server grants. */
function highlightsOf(campaign: Campaign & { badges?: CampaignDetail['badges'] }) {
  const all: {
    earned: boolean;
    label: string;
    variant: BadgeProps['variant'];
    icon: typeof Crown;
    title?: string;
  }[] = [
    { earned: campaign.status === 'active', label: 'Active Campaign', variant: 'green', icon: BadgeCheck },
    {
      earned: Boolean(campaign.badges?.topCreator),
      label: 'Top Creator',
      variant: 'default',
      icon: Crown,
      title: `At least five creators had their content approved by ${campaign.brand}`,
    },
    {
      earned: Boolean(campaign.badges?.respondsFast),
      label: 'Responds Fast',
      variant: 'blue',
      icon: Zap,
      title: `${campaign.brand} answers most applications within two days`,
    },
  ];
  return all.filter((h) => h.earned);
}

/**
 * Title, badges and up to three of the campaign's images, with 'Show All Photos' opening the gallery. 'Top Creator'
 * and 'Responds Fast' are claims about the brand: shown only when the server says its records earn them.
 */
export function CampaignHero({ campaign }: { campaign: Campaign & { badges?: CampaignDetail['badges'] } }) {
  const highlights = highlightsOf(campaign);
  const images = campaignImages(campaign);
  const shown = images.slice(0, 3);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [galleryLoaded, setGalleryLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  const openGallery = () => {
    setGalleryLoaded(true);
    setGalleryOpen(true);
  };

  return (
    <section aria-labelledby="campaign-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3">
        <p className="text-sm font-semibold tracking-wide text-mint-800 uppercase">{campaign.brand}</p>
        <h1 id="campaign-title" className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          {campaign.name}
        </h1>
        {highlights.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Highlights">
            {highlights.map((h) => (
              <Highlight key={h.label} variant={h.variant} icon={h.icon} title={h.title}>
                {h.label}
              </Highlight>
            ))}
          </ul>
        ) : null}
      </div>

      <div className="relative">
        <div
          className={cn(
            'grid gap-2 overflow-hidden rounded-2xl',
            shown.length >= 3 && 'md:aspect-[2/1] md:grid-cols-[2fr_1fr] md:grid-rows-2',
            shown.length === 2 && 'md:aspect-[2/1] md:grid-cols-2',
          )}
          data-testid="campaign-hero-images"
        >
          {shown.map((src, index) => (
            <img
              key={src}
              src={src}
              alt={index === 0 ? campaign.name : `${campaign.name} (${index + 1} of ${images.length})`}
              width={index === 0 ? 1200 : 600}
              height={index === 0 ? 900 : 450}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding={index === 0 ? 'sync' : 'async'}
              className={cn(
                'size-full bg-slate-200 object-cover',
                index === 0 ? 'aspect-[4/3] md:aspect-auto' : 'hidden md:block',
                index === 0 && shown.length >= 3 && 'md:row-span-2',
                shown.length === 1 && 'md:aspect-[2/1]',
              )}
            />
          ))}
        </div>
        <Button
          ref={trigger}
          variant="outline"
          size="sm"
          className="absolute right-3 bottom-3 shadow-md"
          onClick={openGallery}
          onPointerEnter={() => void loadGallery()}
          onFocus={() => void loadGallery()}
          aria-haspopup="dialog"
        >
          <Images aria-hidden="true" />
          Show All Photos
        </Button>
      </div>

      {galleryLoaded ? (
        <Suspense fallback={null}>
          <GalleryDialog
            open={galleryOpen}
            onOpenChange={setGalleryOpen}
            title={campaign.name}
            images={images}
            returnFocusTo={trigger}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
