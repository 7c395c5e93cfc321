import { Megaphone, Shirt, Smartphone, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';

/** Spec §2: the row icon depends on whether the name contains Beauty, Fashion or Tech. */
export function CampaignIcon({ name, className }: { name: string; className?: string }) {
  const lower = name.toLowerCase();
  const [Icon, colour, kind] = lower.includes('beauty')
    ? ([Sparkles, 'bg-pink-100 text-pink-700', 'beauty'] as const)
    : lower.includes('fashion')
      ? ([Shirt, 'bg-violet-100 text-violet-700', 'fashion'] as const)
      : lower.includes('tech')
        ? ([Smartphone, 'bg-sky-100 text-sky-700', 'tech'] as const)
        : ([Megaphone, 'bg-mint-50 text-mint-700', 'other'] as const);
  return (
    <span
      className={cn('inline-flex size-10 shrink-0 items-center justify-center rounded-lg', colour, className)}
      data-icon={kind}
    >
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

/**
 * The campaign's own image as a small thumbnail (issue 13); the spec's icon when it has none or the image does not
 * load. Decorative: the campaign's name is next to it.
 */
export function CampaignThumb({
  name,
  imageUrl,
  className,
}: {
  name: string;
  imageUrl: string;
  className?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!imageUrl || broken === imageUrl) return <CampaignIcon name={name} className={className} />;
  return (
    <img
      src={imageUrl}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(imageUrl)}
      className={cn('size-10 shrink-0 rounded-lg bg-slate-100 object-cover', className)}
      data-testid="campaign-thumb"
    />
  );
}
