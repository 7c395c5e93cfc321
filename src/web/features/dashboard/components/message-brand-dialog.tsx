import { useQuery } from '@tanstack/react-query';
import { ConversationThread } from '../../../components/conversation-thread';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { conversationKeys, openConversation } from '../../../lib/conversations';
import type { ApplicationDialogProps } from './application-dialog-props';

/** The conversation with the campaign team about one application (issue 26), in a dialog. */
export function MessageBrandDialog({ application, onClose }: ApplicationDialogProps) {
  const opened = useQuery({
    queryKey: [...conversationKeys.all, 'creator', 'open', application.id],
    queryFn: () => openConversation('creator', application.id),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl" data-testid="message-brand-dialog">
        <DialogHeader>
          <DialogTitle>Message {application.campaign.brand}</DialogTitle>
          <DialogDescription>
            About {application.campaign.name}. The team answers here; you will see their reply as soon as it
            is sent.
          </DialogDescription>
        </DialogHeader>
        {opened.data ? (
          <ConversationThread side="creator" conversationId={opened.data.id} />
        ) : opened.isError ? (
          <p role="alert">{getErrorMessage(opened.error)}</p>
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </DialogContent>
    </Dialog>
  );
}
