import type { SocialProviderId } from '../../../../shared/schemas/auth';

/** A brand mark: its size class and the paths it is drawn with, each in its colour, on a 24 × 24 box. */
interface BrandMark {
  size: string;
  paths: ReadonlyArray<{ fill: string; d: string }>;
}

/** The sign-in providers' brand marks, drawn here (no remote images). */
const BRAND_MARKS: Record<SocialProviderId, BrandMark> = {
  google: {
    size: 'size-5',
    paths: [
      {
        fill: '#4285F4',
        d: 'M22.6 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.8h3.6c2.1-1.9 3.3-4.8 3.3-8.1Z',
      },
      {
        fill: '#34A853',
        d: 'M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0 0 12 23Z',
      },
      { fill: '#FBBC05', d: 'M5.8 14c-.2-.7-.4-1.3-.4-2s.2-1.4.4-2V7.1H2.1a11 11 0 0 0 0 9.8L5.8 14Z' },
      {
        fill: '#EA4335',
        d: 'M12 5.4c1.6 0 3.1.6 4.2 1.6l3.2-3.2A11 11 0 0 0 2.1 7.1L5.8 10c.9-2.7 3.3-4.6 6.2-4.6Z',
      },
    ],
  },
  facebook: {
    size: 'size-5',
    paths: [
      {
        fill: '#1877F2',
        d: 'M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.6-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z',
      },
    ],
  },
  x: {
    size: 'size-[18px]',
    paths: [
      {
        fill: 'currentColor',
        d: 'M18.2 2.3h3.4l-7.4 8.4 8.7 11.5h-6.8l-5.3-7-6.1 7H1.3l7.9-9L.8 2.3h7l4.8 6.4 5.6-6.4Zm-1.2 17.9h1.9L7.1 4.2H5.1l11.9 16Z',
      },
    ],
  },
  tiktok: {
    size: 'size-5',
    paths: [
      {
        fill: 'currentColor',
        d: 'M16.6 5.8A4.3 4.3 0 0 1 15.5 3h-3.1v12.4a2.6 2.6 0 1 1-2.6-2.6c.3 0 .5 0 .8.1V9.7a5.8 5.8 0 1 0 5 5.7V9.1a7.4 7.4 0 0 0 4.3 1.4V7.4a4.3 4.3 0 0 1-3.3-1.6Z',
      },
    ],
  },
};

/** A sign-in provider's brand mark (decorative: the button says the provider's name). */
export function ProviderIcon({ provider }: { provider: SocialProviderId }) {
  const mark = BRAND_MARKS[provider];
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={mark.size}>
      {mark.paths.map((path) => (
        <path key={path.d} fill={path.fill} d={path.d} />
      ))}
    </svg>
  );
}
