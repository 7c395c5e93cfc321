import { DELIVERY_PROBLEM_LABELS } from '../../../../shared/lifecycle/delivery-problems';
import { MODERATION_ACTION_LABELS } from '../../../../shared/moderation';
import type { CreatorDetail } from '../../../../shared/schemas/creator-admin';
import { TransactionStatusBadge } from '../../../components/transaction-status-badge';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime, formatNumber, formatShortDate } from '../../../lib/format';
import { Facts, RecordList, Section } from './creator-section';

/** The creator page's records: Mint, payouts, delivery problems and the moderation audit log. */

/** The wallet's figures and its movements. */
export function MintSection({ creator }: { creator: CreatorDetail }) {
  return (
    <Section title="Mint">
      <Facts
        items={[
          ['Balance', `${formatNumber(creator.wallet.balance)} Mint`],
          ['In payout', `${formatNumber(creator.wallet.inPayout)} Mint`],
          ['Earned in all', `${formatNumber(creator.wallet.totalEarned)} Mint`],
        ]}
      />
      <div className="mt-3">
        <RecordList
          items={creator.wallet.entries}
          emptyText="No Mint movements yet."
          label="Mint history"
          row={(e) => (
            <li key={e.id} className="flex items-center gap-3 py-1.5">
              <span className="min-w-0 flex-1 truncate">{e.description}</span>
              <span className={`tabular-nums ${e.amount < 0 ? 'text-red-700' : 'text-green-700'}`}>
                {e.amount > 0 ? '+' : ''}
                {formatNumber(e.amount)}
              </span>
              <span className="text-xs text-slate-500">{formatShortDate(e.createdAt)}</span>
            </li>
          )}
        />
      </div>
    </Section>
  );
}

/** The payouts asked for, held for review while the creator is banned. */
export function PayoutsSection({ creator }: { creator: CreatorDetail }) {
  return (
    <Section title="Payouts">
      <RecordList
        items={creator.payouts}
        emptyText="No payouts requested."
        row={(p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-3 py-1.5">
            <span className="font-medium">{p.label}</span>
            <span className="tabular-nums">{formatNumber(p.amount)} Mint</span>
            <TransactionStatusBadge status={p.status} />
            {creator.standing === 'banned' && p.status === 'pending' ? (
              <Badge variant="red">Held for review</Badge>
            ) : null}
            <span className="ml-auto text-xs text-slate-500">{formatShortDate(p.requestedAt)}</span>
          </li>
        )}
      />
    </Section>
  );
}

/** The delivery problems the creator reported. */
export function ProblemsSection({ creator }: { creator: CreatorDetail }) {
  return (
    <Section title="Delivery problems">
      <RecordList
        items={creator.problems}
        emptyText="No delivery problems reported."
        row={(p) => (
          <li key={p.applicationId} className="py-1.5">
            <p>
              <span className="font-medium">{p.campaign}</span>:{' '}
              {DELIVERY_PROBLEM_LABELS[p.problem as keyof typeof DELIVERY_PROBLEM_LABELS] ?? p.problem}
            </p>
            {p.note ? <p className="text-slate-600">“{p.note}”</p> : null}
            <p className="text-xs text-slate-500">reported {formatDateTime(p.reportedAt)}</p>
          </li>
        )}
      />
    </Section>
  );
}

/** Suspensions, bans and their lifting, with who and why. */
export function ModerationAuditSection({ creator }: { creator: CreatorDetail }) {
  return (
    <Section title="Audit log" className="lg:col-span-2">
      <RecordList
        ordered
        items={creator.audit}
        emptyText="No suspensions or bans."
        label="Audit log entries"
        row={(e) => (
          <li key={e.id} className="py-2" data-testid="audit-entry">
            <p>
              <span className="font-semibold">{MODERATION_ACTION_LABELS[e.action]}</span> by {e.actor} ·{' '}
              <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
            </p>
            <p className="text-slate-600">{e.reason}</p>
          </li>
        )}
      />
    </Section>
  );
}
