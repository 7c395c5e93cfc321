import { ScrollText } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_PAGE_SIZE } from '../../../../shared/schemas/audit-log';
import { AdminPagedList } from '../../../components/admin/admin-paged-list';
import { cursorFromParams, pageFromParams, setPageParams } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { AUDIT_FILTER_NAMES, type AuditFilters, useAuditLog } from '../api/audit-log';
import { AuditRow } from './audit-entry';
import { AuditFilterForm, filtersFrom, NO_FILTERS } from './audit-log-filters';

/** The settings tab that shows the audit log (in the URL as ?tab=…). */
export const AUDIT_LOG_TAB = 'audit-log';

const SKELETON_ROWS = Array.from({ length: 4 }, (_, i) => `row-${i}`);

/**
 * The Audit log of /admin/settings (issue 22): every admin action that changed data, newest first, filtered by
 * actor, action, record and dates (all in the URL), paged; each entry opens to its before/after.
 */
export function AuditLogSection() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = pageFromParams(params);
  const list = useAuditLog(filters, cursorFromParams(params));
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const filterKey = AUDIT_FILTER_NAMES.map((name) => filters[name]).join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the URL's filters
  useEffect(() => setDraft(filters), [filterKey]);

  const go = (next: AuditFilters, nextPage: number, cursor = '') => {
    const search = new URLSearchParams({ tab: AUDIT_LOG_TAB });
    for (const name of AUDIT_FILTER_NAMES) if (next[name].trim()) search.set(name, next[name].trim());
    setPageParams(search, nextPage, cursor);
    setParams(search, { preventScrollReset: true });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    go(draft, 1);
  };
  const filtered = AUDIT_FILTER_NAMES.some((name) => filters[name]);
  const set = (name: keyof AuditFilters) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Audit log
        </h2>
        <p className="text-sm text-slate-600">
          Every change an admin made, with who, when, from which address, and the fields before and after.
          Entries can never be edited or deleted.
        </p>
      </div>

      <AuditFilterForm
        id={id}
        draft={draft}
        set={set}
        filtered={filtered}
        onApply={apply}
        onClear={() => go(NO_FILTERS, 1)}
      />

      <AuditEntries list={list} page={page} filters={filters} filtered={filtered} go={go} />
    </section>
  );
}

/** The entries of the current page, or what stands in their place: loading, an error, or why none are shown. */
function AuditEntries({
  list,
  page,
  filters,
  filtered,
  go,
}: {
  list: ReturnType<typeof useAuditLog>;
  page: number;
  filters: AuditFilters;
  filtered: boolean;
  go: (next: AuditFilters, nextPage: number, cursor?: string) => void;
}) {
  return (
    <AdminPagedList
      list={list}
      page={page}
      pageSize={AUDIT_PAGE_SIZE}
      onPage={(next, cursor) => go(filters, next, cursor)}
      failedTitle="We couldn't load the audit log."
      icon={<ScrollText aria-hidden="true" className="size-6" />}
      placeholder={
        <ul className="flex flex-col gap-3" role="status" aria-label="Loading the audit log">
          {SKELETON_ROWS.map((key) => (
            <li key={key}>
              <Skeleton className="h-24 w-full rounded-xl" />
            </li>
          ))}
        </ul>
      }
      emptyTitle={filtered ? 'No entries match these filters' : 'No entries yet'}
      emptyContent={
        filtered ? (
          <Button className="mt-2" variant="outline" onClick={() => go(NO_FILTERS, 1)}>
            Clear filters
          </Button>
        ) : (
          <p>Changes admins make to campaigns, applications, payouts, creators and settings appear here.</p>
        )
      }
      rows={(items = []) => (
        <ol
          className="divide-y divide-slate-100"
          aria-label="Audit log entries, newest first"
          aria-busy={list.isFetching}
        >
          {items.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    />
  );
}
