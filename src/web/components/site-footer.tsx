import { Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PLATFORM_LABELS, PLATFORMS, PRODUCT_NAME } from '../../shared/constants';
import type { SessionUser } from '../../shared/schemas/session';
import { cn } from '../lib/cn';
import { Link } from '../lib/navigation';
import { useConfig } from '../lib/use-config';
import { useInView } from '../lib/use-in-view';
import { dashboardPathFor, useSession } from '../lib/use-session';
import { LogoMark } from './logo';
import { PlatformIcon } from './platform-icon';

interface FooterLink {
  label: string;
  to: string;
}

const COLUMNS: Array<{ title: string; links: FooterLink[] }> = [
  {
    title: 'About',
    links: [
      { label: 'How It Works', to: '/#how-it-works' },
      { label: 'What is Mint', to: '/#pricing' },
      { label: 'Browse Campaigns', to: '/#campaigns' },
    ],
  },
  {
    title: 'Community',
    links: [
      { label: 'Creator Stories', to: '/#testimonials' },
      { label: 'Creators', to: '/#creators' },
      { label: 'Brands', to: '/#brands' },
    ],
  },
  {
    title: 'Support',
    links: [],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
    ],
  },
  {
    title: 'Featured',
    links: PLATFORMS.map((platform) => ({
      label: `${PLATFORM_LABELS[platform]} Campaigns`,
      to: `/?platform=${platform}#campaigns`,
    })),
  },
];

/**
 * The Support column: sign-in and sign-up for a visitor, their own pages for someone signed in (issue 41: a signed-in
 * creator was still offered "Sign In / Create an Account").
 */
export function supportLinks(user: SessionUser | null): FooterLink[] {
  if (!user) {
    return [
      { label: 'Sign In', to: '/signin' },
      { label: 'Create an Account', to: '/signup' },
      { label: 'Dashboard', to: '/dashboard' },
    ];
  }
  if (user.role === 'admin') return [{ label: 'Admin Dashboard', to: dashboardPathFor(user) }];
  return [
    { label: 'Dashboard', to: dashboardPathFor(user) },
    { label: 'My Profile', to: '/profile' },
  ];
}

/** The copyright line: from 2025 (the spec's year) to the current year. */
export function copyrightLine(year: number | null): string {
  const years = year && year > 2025 ? `2025–${year}` : '2025';
  return `© ${years} ${PRODUCT_NAME}. All rights reserved.`;
}

const linkClass =
  'rounded text-sm text-slate-300 transition-colors hover:text-white focus-visible:outline-mint-200';

/**
 * The dark site footer; it fades in when it scrolls into view. Copyright from 2025 (spec §2) to this year: the year is
 * read after the first render, which the server render must match (decision 0018).
 */
export function SiteFooter() {
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref);
  const config = useConfig();
  const email = config.data?.contactEmail;
  const session = useSession();
  const [year, setYear] = useState<number | null>(null);
  useEffect(() => setYear(new Date().getFullYear()), []);
  const columns = COLUMNS.map((column) =>
    column.title === 'Support' ? { ...column, links: supportLinks(session.user) } : column,
  );

  return (
    <footer
      ref={ref}
      className="bg-slate-950 text-slate-300"
      data-testid="site-footer"
      data-visible={inView ? 'true' : 'false'}
    >
      <div
        className={cn(
          'mx-auto max-w-7xl px-4 pt-16 pb-10 transition-[opacity,translate] duration-700 ease-out sm:px-6',
          inView ? 'translate-y-0 opacity-100' : 'translate-y-6 opacity-0',
        )}
      >
        <div className="grid gap-10 lg:grid-cols-[1.3fr_3fr]">
          <div className="flex flex-col gap-4">
            <Link
              to="/"
              className="inline-flex w-fit items-center gap-2 rounded text-lg font-bold text-white focus-visible:outline-mint-200"
            >
              <LogoMark tile="#10b981" stroke="#022c22" />
              {PRODUCT_NAME}
            </Link>
            <p className="max-w-xs text-sm leading-relaxed text-slate-400">
              Gifting campaigns from beauty, fashion and lifestyle brands, and Mint for every approved post.
            </p>
            <p className="text-sm">
              <span className="block text-xs font-semibold tracking-wider text-slate-400 uppercase">
                Contact
              </span>
              {email ? (
                <a
                  href={`mailto:${email}`}
                  className={cn(linkClass, 'mt-1 inline-flex items-center gap-2 text-base text-white')}
                  data-testid="footer-contact"
                >
                  <Mail aria-hidden="true" className="size-4 text-mint-500" />
                  {email}
                </a>
              ) : (
                <span className="mt-1 block h-6 w-44 rounded bg-slate-800" aria-hidden="true" />
              )}
            </p>
            <ul className="flex gap-2" aria-label="Campaigns by platform">
              {PLATFORMS.map((platform) => (
                <li key={platform}>
                  <Link
                    to={`/?platform=${platform}#campaigns`}
                    aria-label={`${PLATFORM_LABELS[platform]} campaigns`}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-slate-800 text-slate-200 transition-colors hover:bg-mint-700 hover:text-white focus-visible:outline-mint-200"
                  >
                    <PlatformIcon platform={platform} className="size-4" />
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-5">
            {columns.map((column) => (
              <div key={column.title}>
                <h2 className="text-sm font-semibold text-white">{column.title}</h2>
                <ul className="mt-4 flex flex-col gap-3">
                  {column.links.map((link) => (
                    <li key={link.label}>
                      <Link to={link.to} className={linkClass}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-12 flex flex-col gap-2 border-t border-slate-800 pt-6 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          <p data-testid="footer-copyright">{copyrightLine(year)}</p>
          <p>1 Mint = 1 USD · Redeem through PayPal from 50 Mint</p>
        </div>
      </div>
    </footer>
  );
}
