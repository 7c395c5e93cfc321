import type { FormEvent, ReactNode } from 'react';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
} from '../../../../shared/schemas/audit-log';
import { ChoiceSelect, type ChoiceSelectProps } from '../../../components/admin/choice-select';
import { Button } from '../../../components/ui/button';
import { FieldFrame, Input } from '../../../components/ui/input';
import type { AuditFilters } from '../api/audit-log';

/** The audit log's filters: read from the URL (anything unknown dropped) and edited in a form before applying. */

export const NO_FILTERS: AuditFilters = {
  actor: '',
  action: '',
  entityType: '',
  entityId: '',
  from: '',
  to: '',
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFrom(params: URLSearchParams): AuditFilters {
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

interface AuditFilterFormProps {
  id: string;
  draft: AuditFilters;
  set: (name: keyof AuditFilters) => (value: string) => void;
  filtered: boolean;
  onApply: (event: FormEvent) => void;
  onClear: () => void;
}

/** Admin, action, record, record id and UTC days; Apply puts them in the URL, Clear takes them all off. */
export function AuditFilterForm({ id, draft, set, filtered, onApply, onClear }: AuditFilterFormProps) {
  return (
    <form
      onSubmit={onApply}
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
      <ChoiceFilter
        id={`${id}-action`}
        label="Action"
        value={draft.action}
        onChange={set('action')}
        all="All actions"
        choices={AUDIT_ACTIONS}
        labels={AUDIT_ACTION_LABELS}
      />
      <ChoiceFilter
        id={`${id}-type`}
        label="Record"
        value={draft.entityType}
        onChange={set('entityType')}
        all="All records"
        choices={AUDIT_ENTITY_TYPES}
        labels={AUDIT_ENTITY_LABELS}
      />
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
          <Button variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** A filter's labelled control, which may shrink in the row. */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <FieldFrame id={id} label={label} className="min-w-0">
      {children}
    </FieldFrame>
  );
}

/** A select of one filter: every choice, or one of the list. */
function ChoiceFilter({ id, label, ...select }: { id: string; label: string } & ChoiceSelectProps<string>) {
  return (
    <FilterField id={id} label={label}>
      <ChoiceSelect id={id} className="[&_select]:h-11" {...select} />
    </FilterField>
  );
}
