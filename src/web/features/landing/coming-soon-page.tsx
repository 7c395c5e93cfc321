import { Coins, LayoutDashboard, Lock, Mail, Users } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { Logo } from '../../components/logo';
import { Link } from '../../lib/navigation';
import { useConfig } from '../../lib/use-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TAGLINE } from './landing-content';

const FEATURES = [
  {
    icon: Users,
    title: 'Creator Network',
    text: 'Creators on Instagram, TikTok, YouTube and Facebook, matched to the brands that fit them.',
  },
  {
    icon: LayoutDashboard,
    title: 'Campaign Management',
    text: 'Applications, PR box shipping and content uploads, tracked from one dashboard.',
  },
  {
    icon: Coins,
    title: 'Mint Rewards',
    text: 'Approved content earns Mint (1 Mint = 1 USD), redeemable through PayPal from 50 Mint.',
  },
];

/** Development progress shown on the page (spec §2: 100, 95, 90 and 75 percent). */
const PROGRESS = [
  { label: 'Platform', value: 100 },
  { label: 'Creator Network', value: 95 },
  { label: 'Campaign Management', value: 90 },
  { label: 'Mint Rewards', value: 75 },
];

/** `/` while the server runs with LAUNCH_MODE=coming-soon. */
export function ComingSoonPage() {
  useDocumentTitle('Coming Soon', TAGLINE);
  const email = useConfig().data?.contactEmail;

  return (
    <div className="relative isolate flex min-h-screen flex-col overflow-hidden bg-gradient-to-b from-mint-50 via-white to-white">
      <div
        aria-hidden="true"
        className="absolute -top-48 left-1/2 -z-10 size-[40rem] -translate-x-1/2 rounded-full bg-radial from-mint-200/50 to-transparent to-70%"
      />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-6 sm:px-6">
        <Logo />
        <Link
          to="/admin"
          className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 transition-colors hover:bg-white hover:text-mint-800"
        >
          <Lock aria-hidden="true" className="size-4" />
          Admin Access
        </Link>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-center px-4 pt-10 pb-20 text-center sm:px-6 sm:pt-16">
        <p className="rounded-full border border-mint-200 bg-white px-3 py-1 text-xs font-semibold text-mint-800 shadow-sm">
          {PRODUCT_NAME} is launching soon
        </p>
        <h1 className="mt-6 text-5xl font-extrabold tracking-tight text-slate-950 sm:text-7xl">
          Coming Soon
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-600 sm:text-xl">
          We are putting the finishing touches on the marketplace where creators join gifting campaigns from
          top brands, get PR boxes and get paid for their content.
        </p>

        <ul className="mt-14 grid w-full gap-5 text-left md:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-xl bg-mint-50 text-mint-700">
                <feature.icon aria-hidden="true" className="size-6" />
              </span>
              <h2 className="mt-5 text-lg font-semibold">{feature.title}</h2>
              <p className="mt-2 leading-relaxed text-slate-600">{feature.text}</p>
            </li>
          ))}
        </ul>

        <section
          aria-labelledby="progress-title"
          className="mt-10 w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm sm:p-8"
        >
          <h2 id="progress-title" className="text-lg font-semibold">
            Development progress
          </h2>
          <ul className="mt-6 flex flex-col gap-5">
            {PROGRESS.map((item) => (
              <li key={item.label}>
                <div className="flex items-center justify-between text-sm">
                  <span id={`progress-${item.value}`} className="font-medium text-slate-800">
                    {item.label}
                  </span>
                  <span className="font-semibold text-mint-800">{item.value}%</span>
                </div>
                <div
                  role="progressbar"
                  aria-labelledby={`progress-${item.value}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.value}
                  className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
                >
                  <div className="h-full rounded-full bg-mint-600" style={{ width: `${item.value}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </section>

        {email ? (
          <p className="mt-10 max-w-md text-slate-600">
            <Mail aria-hidden="true" className="mr-2 inline size-4 align-[-2px] text-mint-700" />
            Questions? Write to{' '}
            <a
              href={`mailto:${email}`}
              className="font-semibold break-all text-mint-800 underline-offset-4 hover:underline"
            >
              {email}
            </a>
          </p>
        ) : null}
      </main>
      <footer className="py-6 text-center text-sm text-slate-600">
        © 2025 {PRODUCT_NAME}. All rights reserved.
      </footer>
    </div>
  );
}
