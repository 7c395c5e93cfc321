import { ChevronLeft, ChevronRight, Search, Users } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PLATFORM_LABELS, type Platform } from '../../../shared/constants';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../lib/use-document-title';
import { INFLUENCERS_PAGE_SIZE, useInfluencers } from './api/admin-queries';
import { AdminEmptyState, AdminPageHeader } from './components/admin-layout';

const numberFormat = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const PROVIDER_LABELS: Record<string, string> = {
  email: 'Email',
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X',
  x: 'X',
  tiktok: 'TikTok',
};

const SKELETON_ROWS = Array.from({ length: 5 }, (_, i) => `row-${i}`);

/** /admin/influencers: every creator, newest first, searchable by name, username or email, 20 a page. */
export function InfluencersPage() {
  useDocumentTitle('Influencers');
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const offset = (page - 1) * INFLUENCERS_PAGE_SIZE;
  const list = useInfluencers(q, offset);
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const go = (next: { q?: string; page?: number }) => {
    const search = new URLSearchParams();
    const nextQ = next.q ?? q;
    const nextPage = next.page ?? page;
    if (nextQ) search.set('q', nextQ);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search, { preventScrollReset: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim(), page: 1 });
  };

  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil(total / INFLUENCERS_PAGE_SIZE));

  return (
    <>
      <AdminPageHeader title="Influencers" description="Every creator who has signed up, newest first." />
      <search className="mb-5 block sm:max-w-md">
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor={searchId} className="sr-only">
            Search creators
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id={searchId}
              type="search"
              value={draft}
              maxLength={100}
              placeholder="Search by name, username or email"
              onChange={(event) => setDraft(event.target.value)}
              className="pl-9"
            />
          </div>
          <Button type="submit">Search</Button>
        </form>
      </search>

      {list.isError && !list.data ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">We couldn't load creators.</p>
          <p className="mt-1 text-sm text-red-700">{list.error.message}</p>
          <Button className="mt-4" variant="outline" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data && items.length === 0 ? (
        total > 0 ? (
          <AdminEmptyState icon={<Users aria-hidden="true" className="size-6" />} title="This page is empty">
            <Button className="mt-2" variant="outline" onClick={() => go({ page: 1 })}>
              Back to the first page
            </Button>
          </AdminEmptyState>
        ) : (
          <AdminEmptyState
            icon={<Users aria-hidden="true" className="size-6" />}
            title={q ? 'No creators match your search' : 'No creators yet'}
          >
            <p>
              {q
                ? 'Try a different name, username or email.'
                : 'Creators appear here as soon as they sign up.'}
            </p>
            {q ? (
              <Button className="mt-4" variant="outline" onClick={() => go({ q: '', page: 1 })}>
                Clear search
              </Button>
            ) : null}
          </AdminEmptyState>
        )
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <div className="overflow-x-auto">
            <table className="w-full min-w-[760px] text-left text-sm" aria-busy={list.isFetching}>
              <caption className="sr-only">Creators</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Creator
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Email
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Platform
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Followers
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Niche
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Signed up with
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Joined
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data
                  ? items.map((creator) => (
                      <tr key={creator.id} data-testid="influencer-row" className="hover:bg-slate-50/60">
                        <td className="px-4 py-3">
                          <p className="font-semibold text-slate-900">{creator.name}</p>
                          <p className="text-xs text-slate-500">@{creator.username}</p>
                        </td>
                        <td className="max-w-56 truncate px-4 py-3 text-slate-700">{creator.email}</td>
                        <td className="px-4 py-3">
                          {creator.platform ? (
                            (PLATFORM_LABELS[creator.platform as Platform] ?? creator.platform)
                          ) : (
                            <span className="text-slate-400">None yet</span>
                          )}
                        </td>
                        <td className="px-4 py-3 text-right tabular-nums">
                          {numberFormat.format(creator.followers)}
                        </td>
                        <td className="px-4 py-3">{creator.niche}</td>
                        <td className="px-4 py-3">
                          <div className="flex flex-wrap gap-1">
                            <Badge variant={creator.emailVerified ? 'green' : 'yellow'}>
                              {creator.emailVerified ? 'Verified' : 'Unverified'}
                            </Badge>
                            {creator.profileCompleted ? <Badge variant="blue">Profile complete</Badge> : null}
                          </div>
                        </td>
                        <td className="px-4 py-3">
                          {PROVIDER_LABELS[creator.provider ?? ''] ?? creator.provider ?? 'Email'}
                        </td>
                        <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                          {dateFormat.format(new Date(creator.createdAt))}
                        </td>
                      </tr>
                    ))
                  : SKELETON_ROWS.map((key) => (
                      <tr key={key}>
                        <td colSpan={8} className="px-4 py-3">
                          <Skeleton className="h-8 w-full" />
                        </td>
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>
          {list.data ? (
            <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm sm:flex-row">
              <p className="text-slate-600" aria-live="polite">
                Showing {offset + 1}–{offset + items.length} of {numberFormat.format(total)}
              </p>
              <div className="flex items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => go({ page: page - 1 })}
                >
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <span className="text-slate-600">
                  Page {page} of {pages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => go({ page: page + 1 })}
                >
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
