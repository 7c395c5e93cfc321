import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { ADMIN_ROLE_LABELS, roleNames, rolesWith } from '../../../shared/admin-permissions';
import { useAdminCan } from '../../lib/admin-permissions';
import { getErrorMessage } from '../../lib/api-client';
import { conversationKeys, openConversation } from '../../lib/conversations';
import { ConversationThread } from '../conversation-thread';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { Skeleton } from '../ui/skeleton';
import { SavedRepliesButton } from './saved-replies-dialog';

/** A conversation on the team's side: the thread with the saved replies beside its box. */
export function AdminConversation({ conversationId }: { conversationId: number }) {
  const insertRef = useRef<((text: string) => void) | null>(null);
  const { role, can } = useAdminCan();
  // Writing is the Manager's (the permission table); the other roles read the thread and are told why.
  const readOnly =
    role && !can('POST /admin/conversations/{id}/messages')
      ? `Your role (${ADMIN_ROLE_LABELS[role]}) reads the conversations; replying needs the ${roleNames(rolesWith('operate'))} role.`
      : undefined;
  return (
    <ConversationThread
      side="admin"
      conversationId={conversationId}
      insertRef={insertRef}
      readOnly={readOnly}
      tools={<SavedRepliesButton onInsert={(text) => insertRef.current?.(text)} />}
    />
  );
}

/** The conversation of one application, opened from its card on the campaign review page. */
export function ApplicationConversationDialog({
  applicationId,
  creatorName,
  campaignName,
  onClose,
}: {
  applicationId: number;
  creatorName: string;
  campaignName: string;
  onClose: () => void;
}) {
  const opened = useQuery({
    queryKey: [...conversationKeys.all, 'admin', 'open', applicationId],
    queryFn: () => openConversation('admin', applicationId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl" data-testid="application-conversation-dialog">
        <DialogHeader>
          <DialogTitle>Conversation with {creatorName}</DialogTitle>
          <DialogDescription>About {campaignName}. The creator sees your reply at once.</DialogDescription>
        </DialogHeader>
        {opened.data ? (
          <AdminConversation conversationId={opened.data.id} />
        ) : opened.isError ? (
          <p role="alert">{getErrorMessage(opened.error)}</p>
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </DialogContent>
    </Dialog>
  );
}
