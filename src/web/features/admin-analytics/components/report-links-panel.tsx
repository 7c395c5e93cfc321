import { type FormEvent, useId, useState } from 'react';
import { createReportLinkSchema, type ReportLink } from '../../../../shared/schemas/report-links';
import { RevokeButton } from '../../../components/admin/revoke-button';
import { ErrorPanel } from '../../../components/error-panel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PasswordField, TextField } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormCheck } from '../../../lib/admin-form-check';
import { useAdminCan } from '../../../lib/admin-permissions';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime, formatShortDate } from '../../../lib/format';
import { useReportLinkActions, useReportLinks } from '../api/report-links';

const STATE_LABEL = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

/** A campaign's report links for its brand (issue 39): made by a Manager, the address shown once, views counted. */
export function ReportLinksPanel({ campaignId }: { campaignId: number }) {
  const links = useReportLinks(campaignId);
  const { can } = useAdminCan();
  const manage = can('POST /admin/campaigns/{id}/report-links');
  return (
    <Card className="mt-6" data-testid="report-links">
      <CardHeader>
        <CardTitle>Report links for the brand</CardTitle>
        <p className="text-sm text-slate-600">
          A read-only page of the approved posts and their figures, without any creator's personal data.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {manage ? <NewReportLink campaignId={campaignId} /> : null}
        {links.isError && !links.data ? (
          <ErrorPanel
            title="We couldn't load the report links."
            error={links.error}
            onRetry={() => links.refetch()}
          />
        ) : !links.data ? (
          <Skeleton className="h-12 w-full" />
        ) : links.data.items.length === 0 ? (
          <p className="text-sm text-slate-500">No report link yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100 text-sm">
            {links.data.items.map((link) => (
              <LinkRow key={link.id} link={link} campaignId={campaignId} manage={manage} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function NewReportLink({ campaignId }: { campaignId: number }) {
  const id = useId();
  const { create } = useReportLinkActions(campaignId);
  const [label, setLabel] = useState('');
  const [days, setDays] = useState('30');
  const [password, setPassword] = useState('');
  const [shareSpend, setShareSpend] = useState(false);
  const { problem: error, setProblem: setError, check } = useFormCheck(createReportLinkSchema);
  const [url, setUrl] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = check({ label, expiresInDays: days, password, shareSpend });
    if (!input) return;
    try {
      const created = await create.mutateAsync({ ...input, password: password || undefined });
      setUrl(created.url);
      setLabel('');
      setPassword('');
    } catch (e) {
      setError(getErrorMessage(e, 'The link could not be made.'));
    }
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="New report link">
      <TextField
        id={`${id}-label`}
        label="For whom"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={error}
      />
      <TextField
        id={`${id}-days`}
        label="Works for (days)"
        type="number"
        min={1}
        max={365}
        value={days}
        onChange={(e) => setDays(e.target.value)}
      />
      <PasswordField
        kind="new"
        id={`${id}-password`}
        label="Password (optional)"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input type="checkbox" checked={shareSpend} onChange={(e) => setShareSpend(e.target.checked)} />
        Share the spend
      </label>
      <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={create.isPending}>
        {create.isPending ? 'Making…' : 'Make report link'}
      </Button>
      {url ? (
        <p className="text-sm sm:col-span-2" role="status">
          Copy it now, it is shown once:{' '}
          <a href={url} className="font-mono break-all text-mint-700" data-testid="report-link-url">
            {url}
          </a>
        </p>
      ) : null}
    </form>
  );
}

function LinkRow({ link, campaignId, manage }: { link: ReportLink; campaignId: number; manage: boolean }) {
  const { revoke } = useReportLinkActions(campaignId);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="report-link-row">
      <span className="min-w-0">
        <span className="font-medium break-words">{link.label}</span>{' '}
        <Badge variant={link.state === 'active' ? 'green' : 'grey'}>{STATE_LABEL[link.state]}</Badge>
        <span className="block text-xs text-slate-500">
          Until {formatShortDate(link.expiresAt)} · {link.hasPassword ? 'password' : 'no password'} ·{' '}
          {link.shareSpend ? 'spend shared' : 'spend hidden'} ·{' '}
          <span data-testid="report-link-views">{link.viewCount}</span> views
          {link.lastViewedAt ? ` (last ${formatDateTime(link.lastViewedAt)})` : ''}
        </span>
      </span>
      {manage && link.state === 'active' ? (
        <RevokeButton
          title={`Revoke the link for ${link.label}?`}
          description="The brand's page answers that the report is no longer available."
          failure="The link could not be revoked."
          onRevoke={() => revoke.mutateAsync(link.id)}
          pending={revoke.isPending}
        />
      ) : null}
    </li>
  );
}
