import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditEntry,
} from '../../../../shared/schemas/audit-log';
import { Button } from '../../../components/ui/button';
import { TableHead } from '../../../components/ui/table-head';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useDisclosure } from '../../../lib/use-disclosure';

/** One entry of the audit log: what was done to which record, by whom, from where, and its fields before and after. */

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
      return entry.creatorId ? `/admin/influencers/${entry.creatorId}` : null;
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

/** An entry as a row of the log; "Show changes" opens its before/after. */
export function AuditRow({ entry }: { entry: AuditEntry }) {
  const { open, panelId, toggle } = useDisclosure();
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
      <Button variant="ghost" size="sm" className="mt-1 -ml-3" {...toggle}>
        <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
        {open ? 'Hide changes' : 'Show changes'}
      </Button>
      <div id={panelId} hidden={!open}>
        {open ? <Changes entry={entry} /> : null}
      </div>
    </li>
  );
}

/** The changed fields, before and after. */
function Changes({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0)
    return <p className="py-2 text-sm text-slate-600">No field changes were recorded.</p>;
  return (
    <table className="mt-2 w-full table-fixed text-left text-sm" data-testid="audit-changes">
      <caption className="sr-only">{actionLabel(entry.action)}: the fields before and after</caption>
      <TableHead
        className="text-xs font-semibold tracking-wide text-slate-500 uppercase"
        rowClassName="border-b border-slate-200"
        cellClassName="py-2"
        columns={[
          { label: 'Field', className: 'w-1/4 pr-2' },
          { label: 'Before', className: 'pr-2' },
          'After',
        ]}
      />
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
