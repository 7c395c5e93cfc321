import { ChevronDown, ScrollText } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
} from '../../../../shared/schemas/audit-log';
import { ErrorPanel } from '../../../components/error-panel';
import { cursorFromParams, Pagination, pageFromParams, setPageParams } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { AUDIT_FILTER_NAMES, type AuditFilters, useAuditLog } from '../api/audit-log';
import { AdminEmptyState } from './admin-layout';

/** The settings tab that shows the audit log (in the URL as ?tab=…). */
export const AUDIT_LOG_TAB = 'audit-log';

const NO_FILTERS: AuditFilters = { actor: '', action: '', entityType: '', entityId: '', from: '', to: '' };
const SKELETON_ROWS = Array.from({ length: 4 }, (_, i) => `row-${i}`);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function filtersFrom(params: URLSearchParams): AuditFilters {
  const action = params.get('action') ?? '';
  const entityType = params.get('entityType') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    actor: params.get('actor')?.trim() ?? '',
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? action : '',
    entityType: (AUDIT_ENTITY_TYPES as readonly string[]).includes(entityType) ? entityType : '',
    entityId: params.get('entityId')?.trim() ?? '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
  };
}

const actionLabel = (action: string) =>
  AUDIT_ACTION_LABELS[action as keyof typeof AUDIT_ACTION_LABELS] ?? action;
const entityLabel = (type: string) => AUDIT_ENTITY_LABELS[type as keyof typeof AUDIT_ENTITY_LABELS] ?? type;

/** The admin page of the record an entry names, while it exists; null when there is none. */
export function recordPath(entry: AuditEntry): string | null {
  switch (entry.entityType) {
    case 'campaign':
    case 'application':
      return entry.campaignId ? `/admin/campaigns/${entry.campaignId}` : null;
    case 'submission':
      if (!entry.campaignId) return null;
      return entry.action.startsWith('metrics.')
        ? `/admin/details/${entry.campaignId}`
        : `/admin/campaigns/${entry.campaignId}`;
    case 'metric_report':
      return entry.campaignId ? `/admin/details/${entry.campaignId}` : null;
    case 'creator':
    case 'payout':
      return entry.influencerId ? `/admin/influencers/${entry.influencerId}` : null;
    case 'delivery_problem':
      return '/admin/problems?status=all';
    default:
      return null;
  }
}

/** "Application #3 · Glow Serum · Ana López": the record with the campaign and the creator it is about (issue 41). */
export function recordName(entry: AuditEntry): string {
  if (entry.entityType === 'admin_digest') return 'Mail digest of the admin';
  const record = `${entityLabel(entry.entityType)}${entry.entityId ? ` #${entry.entityId}` : ''}`;
  const names = [entry.campaignName, entry.creatorName].filter((name): name is string => Boolean(name));
  return [record, ...names].join(' · ');
}

/** 'adminMessage' → 'Admin message'. */
function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '(none)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

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
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

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

      <form
        onSubmit={apply}
        aria-label="Filter the audit log"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
      >
        <FilterField id={`${id}-actor`} label="Admin">
          <Input
            id={`${id}-actor`}
            type="search"
            value={draft.actor}
            maxLength={200}
            placeholder="Name or email"
            onChange={(e) => set('actor')(e.target.value)}
          />
        </FilterField>
        <FilterField id={`${id}-action`} label="Action">
          <NativeSelect
            id={`${id}-action`}
            value={draft.action}
            onChange={(e) => set('action')(e.target.value)}
            className="[&_select]:h-11"
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <FilterField id={`${id}-type`} label="Record">
          <NativeSelect
            id={`${id}-type`}
            value={draft.entityType}
            onChange={(e) => set('entityType')(e.target.value)}
            className="[&_select]:h-11"
          >
            <option value="">All records</option>
            {AUDIT_ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {AUDIT_ENTITY_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <FilterField id={`${id}-entity`} label="Record id">
          <Input
            id={`${id}-entity`}
            value={draft.entityId}
            maxLength={100}
            inputMode="numeric"
            placeholder="e.g. 12"
            onChange={(e) => set('entityId')(e.target.value)}
          />
        </FilterField>
        <FilterField id={`${id}-from`} label="From (UTC day)">
          <Input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => set('from')(e.target.value)}
          />
        </FilterField>
        <FilterField id={`${id}-to`} label="To (UTC day)">
          <Input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => set('to')(e.target.value)}
          />
        </FilterField>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit">Apply filters</Button>
          {filtered ? (
            <Button variant="outline" onClick={() => go(NO_FILTERS, 1)}>
              Clear filters
            </Button>
          ) : null}
        </div>
      </form>

      {list.isError && !list.data ? (
        <ErrorPanel
          title="We couldn't load the audit log."
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : !list.data ? (
        <ul className="flex flex-col gap-3" role="status" aria-label="Loading the audit log">
          {SKELETON_ROWS.map((key) => (
            <li key={key}>
              <Skeleton className="h-24 w-full rounded-xl" />
            </li>
          ))}
        </ul>
      ) : items.length === 0 ? (
        <AdminEmptyState
          icon={<ScrollText aria-hidden="true" className="size-6" />}
          title={
            total > 0 ? 'This page is empty' : filtered ? 'No entries match these filters' : 'No entries yet'
          }
        >
          {total > 0 ? (
            <Button className="mt-2" variant="outline" onClick={() => go(filters, 1)}>
              Back to the first page
            </Button>
          ) : filtered ? (
            <Button className="mt-2" variant="outline" onClick={() => go(NO_FILTERS, 1)}>
              Clear filters
            </Button>
          ) : (
            <p>Changes admins make to campaigns, applications, payouts, creators and settings appear here.</p>
          )}
        </AdminEmptyState>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <ol
            className="divide-y divide-slate-100"
            aria-label="Audit log entries, newest first"
            aria-busy={list.isFetching}
          >
            {items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
          <Pagination
            page={page}
            pageSize={AUDIT_PAGE_SIZE}
            total={total}
            totalCapped={list.data.totalCapped}
            shown={items.length}
            nextCursor={list.data.nextCursor}
            prevCursor={list.data.prevCursor}
            loading={list.isPlaceholderData}
            onPage={(next, cursor) => go(filters, next, cursor)}
          />
        </div>
      )}
    </section>
  );
}

function FilterField({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const path = recordPath(entry);
  const name = recordName(entry);
  return (
    <li className="px-4 py-3" data-testid="audit-entry" data-action={entry.action}>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{actionLabel(entry.action)}</p>
          <p className="text-sm [overflow-wrap:anywhere]">
            {path ? (
              <Link to={path} className="font-medium text-mint-700 hover:underline">
                {name}
              </Link>
            ) : (
              <span className="text-slate-700">{name}</span>
            )}
          </p>
        </div>
        <time dateTime={entry.createdAt} className="shrink-0 text-sm text-slate-600">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600">
        <dt>By</dt>
        <dd className="text-slate-800 [overflow-wrap:anywhere]">{entry.actorName}</dd>
        <dt>From</dt>
        <dd className="[overflow-wrap:anywhere]">{entry.ipAddress ?? 'Unknown address'}</dd>
      </dl>
      <Button
        variant="ghost"
        size="sm"
        className="mt-1 -ml-3"
        aria-expanded={open}
        aria-controls={`${id}-changes`}
        onClick={() => setOpen((o) => !o)}
      >
        <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
        {open ? 'Hide changes' : 'Show changes'}
      </Button>
      <div id={`${id}-changes`} hidden={!open}>
        {open ? <Changes entry={entry} /> : null}
      </div>
    </li>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0)
    return <p className="py-2 text-sm text-slate-600">No field changes were recorded.</p>;
  return (
    <table className="mt-2 w-full table-fixed text-left text-sm" data-testid="audit-changes">
      <caption className="sr-only">{actionLabel(entry.action)}: the fields before and after</caption>
      <thead className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <tr className="border-b border-slate-200">
          <th scope="col" className="w-1/4 py-2 pr-2">
            Field
          </th>
          <th scope="col" className="py-2 pr-2">
            Before
          </th>
          <th scope="col" className="py-2">
            After
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 align-top">
        {keys.map((key) => (
          <tr key={key} data-field={key}>
            <th scope="row" className="py-2 pr-2 font-medium text-slate-700 [overflow-wrap:anywhere]">
              {fieldLabel(key)}
            </th>
            <td className="py-2 pr-2 text-slate-600 [overflow-wrap:anywhere]">
              {entry.before ? valueText(entry.before[key]) : '—'}
            </td>
            <td className="py-2 font-medium text-slate-900 [overflow-wrap:anywhere]">
              {entry.after ? valueText(entry.after[key]) : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
