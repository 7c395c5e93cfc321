import { BarChart3, Coins, Gift, Globe, LayoutDashboard, type LucideIcon, Search } from 'lucide-react';
import { FEATURES, type FeatureIcon, STEPS } from '../landing-sections-content';
import { SectionHeading } from './section-heading';

const ICONS: Record<FeatureIcon, LucideIcon> = {
  search: Search,
  gift: Gift,
  dashboard: LayoutDashboard,
  coins: Coins,
  chart: BarChart3,
  globe: Globe,
};

/** How It Works: three steps, then the six why-creators-love-it cards. */
export function WhyCreatorsSection() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-title"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <SectionHeading
            label="How It Works"
            id="how-title"
            title="Why creators love Mintbox"
            className="text-balance"
          />
          <p className="mt-4 text-lg text-slate-600">
            From your first application to your first payout, everything happens in one place.
          </p>
        </div>
        <ol className="mt-12 grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-2xl border border-mint-100 bg-white p-5">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-mint-700 text-base font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="why-creators">
          {FEATURES.map((feature) => {
            const Icon = ICONS[feature.icon];
            return (
              <li
                key={feature.title}
                className="group flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-all hover:-translate-y-0.5 hover:border-mint-200 hover:shadow-md sm:flex-col sm:gap-0 sm:p-6"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-mint-50 text-mint-700 transition-colors group-hover:bg-mint-700 group-hover:text-white">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold sm:mt-5">{feature.title}</h3>
                  <p className="mt-1 leading-relaxed text-slate-600 sm:mt-2">{feature.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
