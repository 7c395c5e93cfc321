import { BookmarkPlus, MessageSquareQuote, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type SavedReplyItem, savedReplySchema } from '../../../shared/schemas/conversation-inbox';
import { useSavedReplies, useSavedReplyActions } from '../../lib/admin-saved-replies';
import { getErrorMessage } from '../../lib/api-client';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { TextField } from '../ui/input';
import { LoadingBlocks } from '../ui/skeleton';
import { TextareaField } from '../ui/textarea';

/**
 * The team's saved replies beside a conversation's box (issue 26): a button opens the list; "Insert" puts a reply
 * into the box, and replies are created, changed and deleted in the same dialog.
 */
export function SavedRepliesButton({ onInsert }: { onInsert: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
        <MessageSquareQuote aria-hidden="true" />
        Saved replies
      </Button>
      {open ? (
        <SavedRepliesDialog
          onClose={() => setOpen(false)}
          onInsert={(text) => {
            onInsert(text);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

function SavedRepliesDialog({
  onClose,
  onInsert,
}: {
  onClose: () => void;
  onInsert: (text: string) => void;
}) {
  const replies = useSavedReplies();
  const { remove } = useSavedReplyActions();
  const [editing, setEditing] = useState<SavedReplyItem | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const items = replies.data?.items ?? [];

  const onDelete = async (reply: SavedReplyItem) => {
    setError(null);
    try {
      await remove.mutateAsync(reply.id);
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-xl" data-testid="saved-replies-dialog">
        <DialogHeader>
          <DialogTitle>Saved replies</DialogTitle>
          <DialogDescription>
            Answers that repeat, shared by the whole team. Insert one into your message, then adjust it.
          </DialogDescription>
        </DialogHeader>
        {editing ? (
          <SavedReplyForm
            key={editing === 'new' ? 'new' : editing.id}
            reply={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="self-start"
            onClick={() => setEditing('new')}
          >
            <BookmarkPlus aria-hidden="true" />
            New saved reply
          </Button>
        )}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {replies.isPending ? (
          <LoadingBlocks
            label="Loading saved replies"
            className="flex flex-col gap-2"
            blocks={['h-16 w-full', 'h-16 w-full']}
          />
        ) : replies.isError ? (
          <p role="alert">{getErrorMessage(replies.error)}</p>
        ) : items.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
            No saved replies yet. Save the answers you write again and again.
          </p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Saved replies">
            {items.map((reply) => (
              <SavedReplyRow
                key={reply.id}
                reply={reply}
                onInsert={() => onInsert(reply.body)}
                onEdit={() => setEditing(reply)}
                onDelete={() => onDelete(reply)}
                deleting={remove.isPending}
              />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** One saved reply: its title and the start of its text, with Insert, Edit and Delete. */
function SavedReplyRow({
  reply,
  onInsert,
  onEdit,
  onDelete,
  deleting,
}: {
  reply: SavedReplyItem;
  onInsert: () => void;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3" data-testid="saved-reply">
      <p className="font-semibold text-slate-900">{reply.title}</p>
      <p className="line-clamp-3 text-sm whitespace-pre-wrap text-slate-700">{reply.body}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onInsert} aria-label={`Insert ${reply.title}`}>
          Insert
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${reply.title}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={onDelete}
          disabled={deleting}
          aria-label={`Delete ${reply.title}`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

function SavedReplyForm({ reply, onDone }: { reply: SavedReplyItem | null; onDone: () => void }) {
  const id = useId();
  const { save } = useSavedReplyActions();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [errors, setErrors] = useState<{ title?: string; body?: string; form?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is rendered inside the message form's React tree: its submit must not send the message.
    event.stopPropagation();
    const parsed = savedReplySchema.safeParse({ title, body });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'title' ? 'title' : 'body';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: reply?.id ?? null, input: parsed.data });
      onDone();
    } catch (failure) {
      setErrors({ form: getErrorMessage(failure) });
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3"
      aria-label={reply ? `Edit ${reply.title}` : 'New saved reply'}
    >
      <TextField
        id={`${id}-title`}
        label="Title"
        value={title}
        maxLength={80}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <TextareaField
        id={`${id}-body`}
        label="Reply"
        value={body}
        rows={4}
        onChange={(e) => setBody(e.target.value)}
        error={errors.body}
      />
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save reply
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
