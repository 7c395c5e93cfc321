import { ExternalLink } from 'lucide-react';
import { PLATFORM_LABELS, type Platform } from '../../shared/constants';
import { handleLabel, profileUrl } from '../../shared/social-links';
import { cn } from '../lib/cn';
import { PlatformIcon } from './platform-icon';

/**
 * A creator's handle on one platform as a link to the real profile page (issue 24), read with its '@' where the
 * platform writes one. A handle that fails its platform's rule (kept before the rule existed) is shown as plain text,
 * never linked.
 */
export function HandleLink({
  platform,
  handle,
  showIcon = true,
  className,
}: {
  platform: string;
  handle: string | null | undefined;
  showIcon?: boolean;
  className?: string;
}) {
  const url = profileUrl(platform, handle);
  const label = handleLabel(platform, handle);
  const name = PLATFORM_LABELS[platform as Platform] ?? platform;
  if (!label) return null;
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-1.5', className)}>
      {showIcon ? (
        <PlatformIcon platform={platform as Platform} className="size-4 shrink-0 text-slate-600" />
      ) : null}
      <span className="sr-only">{name}:</span>
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-w-0 items-center gap-1 font-medium break-words text-mint-700 underline-offset-2 hover:underline"
          data-testid="handle-link"
        >
          {label}
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only">(opens {name} in a new tab)</span>
        </a>
      ) : (
        <span className="break-words text-slate-700">{label}</span>
      )}
    </span>
  );
}
