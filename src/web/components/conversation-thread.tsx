import { ImagePlus, Send, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  linkParts,
  MESSAGE_MAX_CHARS,
  MESSAGE_MAX_IMAGES,
  type MessageItem,
  type TimelineItem,
} from '../../shared/schemas/conversations';
import { getErrorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { type ConversationSide, useConversationActions, useConversationThread } from '../lib/conversations';
import { formatDateTime } from '../lib/format';
import { Button } from './ui/button';
import { Skeleton } from './ui/skeleton';

/** A message's text: plain text with its http(s) addresses as links; never HTML. */
function MessageText({ text }: { text: string }) {
  let offset = 0;
  const parts = linkParts(text).map((part) => {
    const at = offset;
    offset += part.text.length;
    return { ...part, at };
  });
  return (
    <p className="break-words whitespace-pre-wrap">
      {parts.map((part) =>
        part.href ? (
          <a
            key={part.at}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline"
          >
            {part.text}
          </a>
        ) : (
          <span key={part.at}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function Message({ item, side }: { item: MessageItem; side: ConversationSide }) {
  const mine = (side === 'creator') === (item.authorRole === 'creator');
  return (
    <li
      className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
      data-testid="conversation-message"
    >
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
          mine ? 'bg-emerald-700 text-white' : 'bg-slate-100 text-slate-900',
          item.hidden && 'border border-dashed border-slate-400 bg-white text-slate-600',
        )}
      >
        <p className="mb-0.5 text-xs font-semibold">{item.authorName}</p>
        {item.hidden && item.body === null ? (
          <p className="italic">This message was hidden by the team.</p>
        ) : (
          <>
            {item.hidden ? (
              <p className="mb-1 text-xs italic">
                Hidden{item.hidden.by ? ` by ${item.hidden.by}` : ''}: {item.hidden.reason}
              </p>
            ) : null}
            {item.body ? <MessageText text={item.body} /> : null}
            {item.images.length > 0 ? (
              <div className="mt-2 grid grid-cols-2 gap-2">
                {item.images.map((src, i) => (
                  <a key={src} href={src} target="_blank" rel="noopener noreferrer">
                    <img
                      src={src}
                      alt={`Attachment ${i + 1} from ${item.authorName}`}
                      className="max-h-40 rounded-lg object-cover"
                    />
                  </a>
                ))}
              </div>
            ) : null}
          </>
        )}
      </div>
      <p className="text-xs text-slate-600">
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        {item.editedAt ? ' · edited' : ''}
        {item.seen ? ' · Seen' : ''}
      </p>
    </li>
  );
}

function Event({ item }: { item: Extract<TimelineItem, { type: 'event' }> }) {
  return (
    <li className="flex justify-center" data-testid="conversation-event">
      <p className="rounded-full bg-slate-50 px-3 py-1 text-xs text-slate-600">
        {item.text} · <time dateTime={item.at}>{formatDateTime(item.at)}</time>
      </p>
    </li>
  );
}

/**
 * A conversation between a creator and the campaign team: the messages and the application's lifecycle events in
 * order, kept live, with a box to write (character count, images). `insert` lets a page put text into the box (the
 * admins' saved replies); `tools` is shown beside the send button.
 */
export function ConversationThread({
  side,
  conversationId,
  tools,
  insertRef,
  readOnly,
}: {
  side: ConversationSide;
  conversationId: number;
  tools?: React.ReactNode;
  /** Why this person only reads the thread (an admin whose role may not write): no box, this sentence instead. */
  readOnly?: string | undefined;
  /** Set to a function that puts text into the box (saved replies). */
  insertRef?: { current: ((text: string) => void) | null };
}) {
  const thread = useConversationThread(side, conversationId);
  const actions = useConversationActions(side, conversationId);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const boxId = useId();
  const countId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const listEnd = useRef<HTMLLIElement>(null);
  const unread = thread.data?.unreadCount ?? 0;
  const newest = thread.data?.items.length ?? 0;

  if (insertRef) insertRef.current = (text) => setBody((now) => (now ? `${now}\n${text}` : text));

  // Reading the open thread marks it read (the bell and the team's "seen" follow).
  const { mutate: markSeen } = actions.seen;
  useEffect(() => {
    if (unread > 0 && document.visibilityState === 'visible') markSeen();
  }, [unread, markSeen]);
  useEffect(() => {
    if (newest > 0) listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await actions.send.mutateAsync({ body, files });
      setBody('');
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  if (thread.isPending) {
    return (
      <div role="status" aria-label="Loading the conversation" className="flex flex-col gap-2">
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="ml-auto h-12 w-2/3" />
      </div>
    );
  }
  if (thread.isError) return <p role="alert">{getErrorMessage(thread.error)}</p>;
  const data = thread.data;
  const tooLong = body.length > MESSAGE_MAX_CHARS;

  return (
    <div className="flex min-h-0 flex-col gap-3" data-testid="conversation-thread" data-live={thread.live}>
      <ol
        className="flex max-h-[50dvh] flex-col gap-3 overflow-y-auto pr-1"
        aria-label="Messages"
        aria-live="polite"
      >
        {data.items.map((item) =>
          item.type === 'message' ? (
            <Message key={`m${item.id}`} item={item} side={side} />
          ) : (
            <Event key={`e${item.kind}${item.at}`} item={item} />
          ),
        )}
        {data.items.every((i) => i.type === 'event') ? (
          <li className="text-center text-sm text-slate-600">
            No messages yet. Ask the team anything about this campaign.
          </li>
        ) : null}
        <li ref={listEnd} aria-hidden="true" />
      </ol>
      {data.canWrite && !readOnly ? (
        <form onSubmit={submit} className="flex flex-col gap-2">
          <label htmlFor={boxId} className="text-sm font-medium text-slate-800">
            Your message
          </label>
          <textarea
            id={boxId}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={3}
            aria-describedby={countId}
            aria-invalid={tooLong}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-emerald-700"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={countId} className={cn('text-xs', tooLong ? 'text-red-700' : 'text-slate-600')}>
              {body.length.toLocaleString('en-US')} / {MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters
            </p>
            <div className="flex flex-wrap items-center gap-2">
              {tools}
              <Button type="button" size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
                <ImagePlus aria-hidden="true" />
                Attach images
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                multiple
                className="sr-only"
                aria-label="Attach images"
                tabIndex={-1}
                onChange={(e) => setFiles(Array.from(e.target.files ?? []).slice(0, MESSAGE_MAX_IMAGES))}
              />
              <Button type="submit" size="sm" disabled={actions.send.isPending || tooLong}>
                <Send aria-hidden="true" />
                Send
              </Button>
            </div>
          </div>
          {files.length > 0 ? (
            <ul className="flex flex-wrap gap-2 text-xs" aria-label="Images to send">
              {files.map((file) => (
                <li key={file.name} className="flex items-center gap-1 rounded-full bg-slate-100 px-2 py-1">
                  {file.name}
                  <button
                    type="button"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => setFiles((now) => now.filter((f) => f !== file))}
                  >
                    <X aria-hidden="true" className="size-3" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="conversation-read-only">
          {readOnly ?? data.readOnlyReason}
        </p>
      )}
    </div>
  );
}
