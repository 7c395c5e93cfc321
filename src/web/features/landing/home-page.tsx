import X from 'lucide-react/icons/x';
import { lazy, type ReactNode, Suspense } from 'react';
import { PLATFORM_LABELS } from '../../../shared/constants';
import { CampaignSearchForm } from '../../components/campaign-search-form';
import { Button } from '../../components/ui/button';
import {
  type CampaignSearch,
  isFiltered,
  readCampaignSearch,
  writeCampaignSearch,
} from '../../lib/campaign-search';
import { useSearchParams } from '../../lib/navigation';
import { useDocumentTitle } from '../../lib/use-document-title';
import { HeroSection } from './components/hero-section';
import { TAGLINE } from './landing-content';

// Below the grid, out of the first screen: not part of the JavaScript / needs before it is interactive. The fetch
// starts with this module, so the sections (and #how-it-works, #pricing) are there moments later.
const sections = import('./components/landing-sections');
const LandingSections = lazy(() => sections.then((m) => ({ default: m.LandingSections })));

/** Draws the campaign grid for a search; given by the app so this feature does not reach into another. */
export type CampaignResults = (search: CampaignSearch, clear: () => void) => ReactNode;

/**
 * The public landing page (spec §2 Home). The search lives in the URL (/?platform=tiktok&q=skincare), so a search
 * can be shared and survives a reload; the grid below shows its results 8 at a time.
 */
export function HomePage({ campaigns }: { campaigns: CampaignResults }) {
  useDocumentTitle('', TAGLINE);
  const [params, setParams] = useSearchParams();
  const search = readCampaignSearch(params);
  const filtered = isFiltered(search);

  const runSearch = (next: CampaignSearch) => {
    setParams(writeCampaignSearch(next, params), { preventScrollReset: true });
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document
      .getElementById('campaigns')
      ?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  };
  const clear = () => runSearch({});

  return (
    <>
      <HeroSection search={<CampaignSearchForm value={search} onSearch={runSearch} />} />
      <section id="campaigns" aria-labelledby="campaigns-title" className="scroll-mt-20 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 id="campaigns-title" className="text-3xl font-bold tracking-tight">
                {filtered ? 'Search Results' : 'Featured Campaigns'}
              </h2>
              <p className="mt-2 text-slate-600">
                {filtered
                  ? 'Campaigns that match your search, newest first.'
                  : 'Fresh gifting campaigns from brands looking for creators like you.'}
              </p>
            </div>
            {filtered ? (
              <div className="flex flex-wrap items-center gap-2" data-testid="active-filters">
                {search.platform ? (
                  <span className="rounded-full bg-mint-100 px-3 py-1 text-sm font-medium text-mint-900">
                    {PLATFORM_LABELS[search.platform]}
                  </span>
                ) : null}
                {search.q ? (
                  <span className="max-w-60 truncate rounded-full bg-mint-100 px-3 py-1 text-sm font-medium text-mint-900">
                    “{search.q}”
                  </span>
                ) : null}
                <Button variant="ghost" size="sm" onClick={clear}>
                  <X aria-hidden="true" />
                  Clear filters
                </Button>
              </div>
            ) : null}
          </div>
          {campaigns(search, clear)}
        </div>
      </section>
      {/* Below the first screen: the browser lays it out when it comes near the viewport (the first paint of a
          server-rendered / then styles and lays out only the hero and the grid, decision 0018). */}
      <div className="[contain-intrinsic-size:auto_3200px] [content-visibility:auto]">
        <Suspense fallback={null}>
          <LandingSections />
        </Suspense>
      </div>
    </>
  );
}
