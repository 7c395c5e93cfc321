import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Clock, ExternalLink, Inbox as InboxIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { INBOX_FILTERS, type InboxFilter, type InboxItem } from '../../../shared/schemas/conversation-inbox';
import { conversationThreadSchema } from '../../../shared/schemas/conversations';
import { AdminConversation } from '../../components/admin/admin-conversation';
import { AdminEmptyState, AdminPageHeader } from '../../components/admin/admin-layout';
import { FilterButtons } from '../../components/admin/filter-buttons';
import { ShowMoreButton } from '../../components/admin/show-more-button';
import { ErrorPanel } from '../../components/error-panel';
import { ListSearch } from '../../components/list-search';
import { Button, buttonVariants } from '../../components/ui/button';
import { LoadingBlocks } from '../../components/ui/skeleton';
import { apiFetch } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { conversationKeys } from '../../lib/conversations';
import { formatDateTime, formatRelative } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { type InboxFilters, useInbox } from './api/inbox';
import { InboxCampaignFilter } from './components/inbox-campaign-filter';

const FILTER_LABELS: Record<InboxFilter, string> = {
  all: 'All',
  unread: 'Unread',
  waiting: 'Waiting for our reply',
};

/** How long a creator has waited, in words ('12 min', '3 h 5 min', '2 days'). */
export function waitedFor(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** The time, ticking every half minute (the waiting times move while the page is open). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /admin/messages (issue 26): every conversation, newest activity first, with filters (unread, waiting for our
 * reply, a campaign) and a search by creator or text. The chosen conversation opens beside the list (below 1024 px,
 * instead of it, with a way back). Kept live by the admin frame's inbox stream.
 */
export function MessagesPage() {
  useDocumentTitle('Messages');
  const { inboxLive } = useOutletContext<{ inboxLive: boolean }>() ?? { inboxLive: false };
  const [params, setParams] = useSearchParams();
  const filter = (INBOX_FILTERS.find((f) => f === params.get('filter')) ?? 'all') as InboxFilter;
  const campaignId = Number(params.get('campaign') ?? 0) || undefined;
  const q = params.get('q') ?? '';
  const selected = Number(params.get('c') ?? 0) || null;
  const [search, setSearch] = useState(q);
  const filters: InboxFilters = { filter, campaignId, q: q || undefined };
  const inbox = useInbox(filters, inboxLive);
  const now = useNow();

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const items = useMemo(() => inbox.data?.pages.flatMap((page) => page.items) ?? [], [inbox.data]);
  const waitingCount = inbox.data?.pages[0]?.waitingCount;

  return (
    <>
      <AdminPageHeader
        title="Messages"
        description="Conversations with creators about their applications, newest activity first."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(20rem,26rem)_1fr]">
        <section
          aria-label="Inbox"
          className={cn('flex min-w-0 flex-col gap-4', selected && 'hidden lg:flex')}
        >
          <FilterButtons
            legend="Show conversations"
            filters={INBOX_FILTERS.map((id) => ({ id, label: FILTER_LABELS[id] }))}
            chosen={filter}
            onChoose={(id) => update({ filter: id === 'all' ? null : id })}
            counts={{ waiting: waitingCount }}
          />
          <InboxCampaignFilter
            campaignId={campaignId}
            onChange={(id) => update({ campaign: id ? String(id) : null })}
          />
          <ListSearch
            label="Search conversations"
            placeholder="Creator or text"
            value={search}
            onChange={setSearch}
            onSubmit={() => update({ q: search.trim() || null })}
          />
          {inbox.isPending ? (
            <LoadingBlocks
              label="Loading conversations"
              className="flex flex-col gap-2"
              blocks={['h-20 w-full rounded-xl', 'h-20 w-full rounded-xl', 'h-20 w-full rounded-xl']}
            />
          ) : inbox.isError ? (
            <ErrorPanel
              title="We couldn't load the conversations."
              error={inbox.error}
              onRetry={() => inbox.refetch()}
            />
          ) : items.length === 0 ? (
            <AdminEmptyState
              icon={<InboxIcon aria-hidden="true" className="size-6" />}
              title={filter === 'all' && !q && !campaignId ? 'No conversations yet' : 'Nothing matches'}
            >
              <p>
                {filter === 'all' && !q && !campaignId
                  ? 'When a creator messages the team about an application, the conversation appears here.'
                  : 'Try another filter or search.'}
              </p>
            </AdminEmptyState>
          ) : (
            <>
              <ul className="flex flex-col gap-2" aria-label="Conversations" data-testid="inbox">
                {items.map((item) => (
                  <InboxRow
                    key={item.id}
                    item={item}
                    now={now}
                    current={item.id === selected}
                    onOpen={() => update({ c: String(item.id) })}
                  />
                ))}
              </ul>
              {inbox.hasNextPage ? (
                <ShowMoreButton pages={inbox} label="Show more conversations" className="self-center" />
              ) : null}
            </>
          )}
        </section>
        <section aria-label="Conversation" className={cn('min-w-0', !selected && 'hidden lg:block')}>
          {selected ? (
            <SelectedConversation id={selected} now={now} onBack={() => update({ c: null })} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-sm text-slate-600">
              Choose a conversation to read it and reply.
            </p>
          )}
        </section>
      </div>
    </>
  );
}

function InboxRow({
  item,
  now,
  current,
  onOpen,
}: {
  item: InboxItem;
  now: number;
  current: boolean;
  onOpen: () => void;
}) {
  const unread = item.unreadCount > 0;
  return (
    <li data-testid="inbox-row" data-conversation-id={item.id} data-unread={unread}>
      <button
        type="button"
        onClick={onOpen}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'flex w-full flex-col gap-1 rounded-xl border bg-white p-3 text-left shadow-sm transition-colors hover:border-mint-600 focus-visible:outline-2 focus-visible:outline-mint-600',
          current ? 'border-mint-700 ring-1 ring-mint-700' : 'border-slate-200',
        )}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-slate-900', unread ? 'font-bold' : 'font-semibold')}>
            {item.creator.name}
          </span>
          {item.lastMessageAt ? (
            <time dateTime={item.lastMessageAt} className="shrink-0 text-xs text-slate-600">
              {formatRelative(item.lastMessageAt, new Date(now))}
            </time>
          ) : null}
        </span>
        <span className="truncate text-xs text-slate-600">
          {item.campaign.brand} · {item.campaign.name}
        </span>
        <span className="line-clamp-2 text-sm text-slate-700">
          {item.lastMessage ? (
            <>
              {item.lastMessage.authorRole === 'team' ? 'You: ' : ''}
              {item.lastMessage.text}
            </>
          ) : (
            <span className="italic">No messages yet</span>
          )}
        </span>
        <span className="flex flex-wrap items-center gap-2">
          {item.waitingSince ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900"
              data-testid="waiting-time"
            >
              <Clock aria-hidden="true" className="size-3" />
              Waiting for our reply · {waitedFor(item.waitingSince, now)}
            </span>
          ) : null}
          {unread ? (
            <span className="rounded-full bg-mint-700 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
              {item.unreadCount} unread
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
}

function SelectedConversation({ id, now, onBack }: { id: number; now: number; onBack: () => void }) {
  // The same query the thread reads (no second stream): its heading.
  const thread = useQuery({
    queryKey: conversationKeys.thread('admin', id),
    queryFn: () => apiFetch(`/api/admin/conversations/${id}`, { schema: conversationThreadSchema }),
    staleTime: 0,
  });
  const data = thread.data;
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Button type="button" size="sm" variant="ghost" className="-ml-2 lg:hidden" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
            Back to inbox
          </Button>
          <h2 className="text-lg font-semibold break-words text-slate-900">
            {data ? data.creator.name : 'Conversation'}
          </h2>
          {data ? (
            <p className="text-sm text-slate-600">
              {data.campaign.brand} · {data.campaign.name}
              {data.waitingSince ? (
                <>
                  {' '}
                  ·{' '}
                  <span title={formatDateTime(data.waitingSince)}>
                    Waiting for our reply · {waitedFor(data.waitingSince, now)}
                  </span>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        {data ? (
          <Link
            to={`/admin/campaigns/${data.campaign.id}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <ExternalLink aria-hidden="true" />
            Open the application
          </Link>
        ) : null}
      </div>
      <AdminConversation key={id} conversationId={id} />
    </div>
  );
}
