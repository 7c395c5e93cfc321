import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Bell, CheckCheck, X } from 'lucide-react';
import { useState } from 'react';
import type { NotificationItem } from '../../shared/schemas/notifications';
import { getErrorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { formatRelative } from '../lib/format';
import { useNavigate } from '../lib/navigation';
import { useMarkNotificationsRead, useNotifications } from '../lib/notifications';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/** "Notifications", "Notifications, 1 unread", "Notifications, 3 unread". */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/**
 * Issue 13: the bell with the unread count, for the signed-in header and the admin sidebar. It opens a panel (a Radix
 * dialog: focus moves in, Escape closes, focus returns to the bell) listing the newest notifications; opening one
 * marks it read and goes to the thing it is about. `tone` matches the bar it sits on.
 */
export function NotificationBell({
  tone = 'light',
  side = 'right',
  className,
}: {
  tone?: 'light' | 'dark';
  /** Which edge of a wide screen the panel opens at (the admin sidebar is on the left). */
  side?: 'left' | 'right';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const unread = notifications.data?.unreadCount ?? 0;
  const items = notifications.data?.items ?? [];

  const follow = (item: NotificationItem) => {
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
    setOpen(false);
    navigate(item.link);
  };

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void notifications.refetch();
      }}
    >
      <DialogPrimitive.Trigger
        className={cn(
          'relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-mint-600',
          tone === 'dark' ? 'text-slate-200 hover:bg-white/10' : 'text-slate-700 hover:bg-slate-100',
          className,
        )}
        aria-label={bellLabel(unread)}
        data-testid="notification-bell"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-semibold text-white tabular-nums"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/30" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className={cn(
            'fixed top-2 right-2 left-2 z-50 flex max-h-[calc(100dvh-1rem)] flex-col rounded-2xl bg-white text-slate-900 shadow-2xl focus:outline-none sm:top-16 sm:w-96',
            side === 'right' ? 'sm:left-auto' : 'sm:right-auto md:left-64',
          )}
        >
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
            <DialogPrimitive.Title className="mr-auto text-base font-bold">
              Notifications
            </DialogPrimitive.Title>
            {unread > 0 ? (
              <Button variant="ghost" size="sm" onClick={() => markRead.mutate({ all: true })}>
                <CheckCheck aria-hidden="true" />
                Mark all as read
              </Button>
            ) : null}
            <DialogPrimitive.Close
              className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
              aria-label="Close notifications"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {notifications.isPending ? (
              <div className="flex justify-center py-10">
                <Spinner label="Loading notifications" />
              </div>
            ) : notifications.isError && items.length === 0 ? (
              <div className="flex flex-col items-center gap-3 px-4 py-8 text-center text-sm" role="alert">
                <p>{getErrorMessage(notifications.error, 'Your notifications could not be loaded.')}</p>
                <Button variant="outline" size="sm" onClick={() => void notifications.refetch()}>
                  Try again
                </Button>
              </div>
            ) : items.length === 0 ? (
              <p className="px-4 py-10 text-center text-sm text-slate-600">No notifications yet</p>
            ) : (
              <ul aria-label="Notifications" className="divide-y divide-slate-100">
                {items.map((item) => (
                  <li key={item.id}>
                    <a
                      href={item.link}
                      onClick={(event) => {
                        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                        event.preventDefault();
                        follow(item);
                      }}
                      className={cn(
                        'flex gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:bg-mint-50 focus-visible:outline-none',
                        item.readAt === null && 'bg-mint-50/60',
                      )}
                      data-unread={item.readAt === null ? 'true' : 'false'}
                    >
                      <span
                        aria-hidden="true"
                        className={cn(
                          'mt-1.5 size-2 shrink-0 rounded-full',
                          item.readAt === null ? 'bg-mint-600' : 'bg-transparent',
                        )}
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm font-semibold">
                          {item.readAt === null ? <span className="sr-only">Unread: </span> : null}
                          {item.title}
                        </span>
                        <span className="mt-0.5 block text-sm text-slate-600">{item.body}</span>
                        <span className="mt-1 block text-xs text-slate-500">
                          {formatRelative(item.createdAt)}
                        </span>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
