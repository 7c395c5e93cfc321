import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';

/** The frame of the account pages: brand panel on wide screens, a centred card with the page's form. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  backTo = { to: '/', label: 'Back to Home' },
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  backTo?: { to: string; label: string } | null;
}) {
  return (
    <div className="min-h-screen bg-linear-to-br from-mint-50 via-white to-teal-50 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <aside
        aria-hidden="true"
        className="relative hidden overflow-hidden bg-mint-900 p-12 text-mint-50 lg:flex lg:flex-col lg:justify-between"
      >
        <div className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-radial from-mint-700/40 to-transparent to-70%" />
        <div className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-radial from-teal-500/20 to-transparent to-70%" />
        <p className="relative text-sm font-semibold tracking-widest text-mint-200 uppercase">
          Mintbox for creators
        </p>
        <div className="relative flex max-w-md flex-col gap-5">
          <p className="text-4xl leading-tight font-bold">Influencer Marketing Made Easy</p>
          <p className="text-lg text-mint-100">
            Join exclusive gifting campaigns from top brands. Get PR boxes and get paid for your content.
          </p>
        </div>
        <p className="relative text-sm text-mint-200">1 Mint = 1 USD · Redeem from 50 Mint through PayPal</p>
      </aside>
      <main className="flex min-h-screen flex-col px-4 py-6 sm:px-8 lg:min-h-0">
        <div className="flex items-center justify-between gap-4">
          <Logo />
          {backTo ? (
            <Link
              to={backTo.to}
              className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-mint-800 hover:bg-mint-50"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {backTo.label}
            </Link>
          ) : null}
        </div>
        <div className="flex flex-1 items-center justify-center py-8">
          <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-mint-900/5 sm:p-8">
            <div className="mb-6 flex flex-col gap-1.5 text-center">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
              {subtitle ? <p className="text-sm text-slate-600">{subtitle}</p> : null}
            </div>
            {children}
            {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
          </div>
        </div>
      </main>
    </div>
  );
}

/** "or" between the provider buttons and the email form. */
export function OrDivider({ label = 'or use your email' }: { label?: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase">
      <span className="h-px flex-1 bg-slate-200" />
      {label}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
