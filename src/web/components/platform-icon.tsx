import type { Platform } from '../../shared/constants';
import { cn } from '../lib/cn';

/** Simple brand marks drawn here (no icon font or remote image). Any unknown platform gets the Instagram icon. */
const PATHS: Record<'instagram' | 'tiktok' | 'youtube' | 'facebook', React.ReactNode> = {
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.5" cy="6.5" r="1.2" fill="currentColor" />
    </>
  ),
  tiktok: (
    <path
      fill="currentColor"
      d="M16.6 5.8A4.3 4.3 0 0 1 15.5 3h-3.1v12.4a2.6 2.6 0 1 1-2.6-2.6c.3 0 .5 0 .8.1V9.7a5.8 5.8 0 1 0 5 5.7V9.1a7.4 7.4 0 0 0 4.3 1.4V7.4a4.3 4.3 0 0 1-3.3-1.6Z"
    />
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
      <path d="m10 9 5 3-5 3z" fill="#fff" />
    </>
  ),
  facebook: (
    <path
      fill="currentColor"
      d="M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.3c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.4v7A10 10 0 0 0 22 12Z"
    />
  ),
};

const LABELS: Record<string, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
};

export function PlatformIcon({ platform, className }: { platform: Platform | string; className?: string }) {
  const key = (platform in PATHS ? platform : 'instagram') as keyof typeof PATHS;
  return (
    <svg
      viewBox="0 0 24 24"
      role="img"
      aria-label={LABELS[key]}
      className={cn('size-5', className)}
      data-platform={key}
    >
      {PATHS[key]}
    </svg>
  );
}
