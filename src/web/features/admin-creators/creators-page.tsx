import { Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PLATFORM_LABELS, type Platform } from '../../../shared/constants';
import type { CreatorSummary } from '../../../shared/schemas/creator';
import { AdminPageHeader } from '../../components/admin/admin-layout';
import { AdminPagedList } from '../../components/admin/admin-paged-list';
import { LoadingTableRows } from '../../components/admin/loading-rows';
import { ListSearch } from '../../components/list-search';
import { cursorFromParams, pageFromParams, setPageParams } from '../../components/pagination';
import { Badge } from '../../components/ui/badge';
import { ADMIN_TABLE_HEAD, TableHead } from '../../components/ui/table-head';
import { CREATORS_PAGE_SIZE, useCreators } from '../../lib/admin-creators-query';
import { formatNumber, formatShortDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AccountClosures } from './components/account-closures';

const PROVIDER_LABELS: Record<string, string> = {
  email: 'Email',
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X',
  x: 'X',
  tiktok: 'TikTok',
};

/** /admin/influencers: every creator, newest first, searchable by name, username or email, 20 a page. */
export function CreatorsPage() {
  useDocumentTitle('Influencers');
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = pageFromParams(params);
  const list = useCreators(q, cursorFromParams(params));
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const go = (next: { q?: string; page: number; cursor?: string }) => {
    const search = new URLSearchParams();
    const nextQ = next.q ?? q;
    if (nextQ) search.set('q', nextQ);
    setPageParams(search, next.page, next.cursor ?? '');
    setParams(search, { preventScrollReset: true });
  };

  return (
    <>
      <AdminPageHeader title="Influencers" description="Every creator who has signed up, newest first." />
      <ListSearch
        className="mb-5 sm:max-w-md"
        label="Search creators"
        value={draft}
        onChange={setDraft}
        onSubmit={() => go({ q: draft.trim(), page: 1 })}
        placeholder="Search by name, username or email"
      />

      <AdminPagedList
        list={list}
        page={page}
        pageSize={CREATORS_PAGE_SIZE}
        onPage={(next, cursor) => go({ page: next, cursor })}
        failedTitle="We couldn't load creators."
        icon={<Users aria-hidden="true" className="size-6" />}
        emptyTitle="No creators yet"
        emptyContent={<p>Creators appear here as soon as they sign up.</p>}
        search={{
          active: Boolean(q),
          noMatchTitle: 'No creators match your search',
          noMatchHint: 'Try a different name, username or email.',
          onClear: () => go({ q: '', page: 1 }),
        }}
        rows={(items) => <CreatorTable items={items} busy={list.isFetching} />}
      />
      <AccountClosures />
    </>
  );
}

/** The creators of one page, or its loading rows while `items` is undefined. */
function CreatorTable({ items, busy }: { items: CreatorSummary[] | undefined; busy: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[760px] text-left text-sm" aria-busy={busy}>
        <caption className="sr-only">Creators</caption>
        <TableHead
          className={ADMIN_TABLE_HEAD}
          cellClassName="px-4 py-3"
          columns={[
            'Creator',
            'Email',
            'Platform',
            { label: 'Followers', className: 'text-right' },
            'Niche',
            'Status',
            'Signed up with',
            'Joined',
          ]}
        />
        <tbody className="divide-y divide-slate-100">
          {items ? (
            items.map((creator) => (
              <tr key={creator.id} data-testid="influencer-row" className="hover:bg-slate-50/60">
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/influencers/${creator.id}`}
                    className="font-semibold text-slate-900 hover:text-mint-700 hover:underline"
                  >
                    {creator.name}
                  </Link>
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
                <td className="px-4 py-3 text-right tabular-nums">{formatNumber(creator.followers)}</td>
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
                  {formatShortDate(creator.createdAt)}
                </td>
              </tr>
            ))
          ) : (
            <LoadingTableRows columns={8} block="h-8 w-full" />
          )}
        </tbody>
      </table>
    </div>
  );
}
