import Search from 'lucide-react/icons/search';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { CATEGORIES, PLATFORM_LABELS, PLATFORMS, type Platform } from '../../shared/constants';
import type { CampaignSearch } from '../lib/campaign-search';
import { Button } from './ui/button';
import { NativeSelect } from './ui/native-select';

/**
 * The campaign search card: a platform dropdown (All Platforms, Instagram, TikTok, YouTube, Facebook) and a
 * keywords/category field. `value` is the search in the URL; `onSearch` receives the new one.
 */
export function CampaignSearchForm({
  value,
  onSearch,
  className,
}: {
  value: CampaignSearch;
  onSearch: (search: CampaignSearch) => void;
  className?: string;
}) {
  const [platform, setPlatform] = useState<string>(value.platform ?? '');
  const [q, setQ] = useState(value.q ?? '');
  const ids = useId();

  // Follow the URL when it changes from outside (back/forward, a footer link, Clear filters).
  useEffect(() => {
    setPlatform(value.platform ?? '');
    setQ(value.q ?? '');
  }, [value.platform, value.q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ platform: (platform || undefined) as Platform | undefined, q: q.trim() || undefined });
  };

  return (
    <search aria-label="Search campaigns" className={className}>
      <form
        onSubmit={submit}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl shadow-mint-900/5 sm:grid-cols-[11rem_1fr_auto]"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-platform`} className="px-1 text-xs font-semibold text-slate-600">
            Platform
          </label>
          <NativeSelect
            id={`${ids}-platform`}
            name="platform"
            value={platform}
            onChange={(event) => setPlatform(event.target.value)}
          >
            <option value="">All Platforms</option>
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-q`} className="px-1 text-xs font-semibold text-slate-600">
            Keywords or category
          </label>
          <input
            id={`${ids}-q`}
            name="q"
            type="search"
            value={q}
            maxLength={100}
            list={`${ids}-categories`}
            autoComplete="off"
            placeholder="e.g. skincare, Beauty, sneakers"
            onChange={(event) => setQ(event.target.value)}
            className="h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 transition-colors hover:border-slate-400 focus-visible:border-mint-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-mint-600 sm:text-sm"
          />
          <datalist id={`${ids}-categories`}>
            {CATEGORIES.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </div>
        <Button type="submit" size="lg" className="h-12 self-end sm:px-7">
          <Search aria-hidden="true" />
          Search
        </Button>
      </form>
    </search>
  );
}
