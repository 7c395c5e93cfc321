import { useId, useState } from 'react';
import type { CreatorNote } from '../../../../shared/schemas/creator-admin';
import { creatorNoteInputSchema, NOTE_MAX } from '../../../../shared/schemas/creator-admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/textarea';
import { useFormCheck } from '../../../lib/admin-form-check';
import { useCan } from '../../../lib/admin-permissions';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCreatorActions } from '../api/creator-management';

/** Private admin notes on a creator: a short form, then every note with its author and time, newest first. */
export function CreatorNotes({ creatorId, notes }: { creatorId: number; notes: CreatorNote[] }) {
  const id = useId();
  const { addNote } = useCreatorActions(creatorId);
  const [body, setBody] = useState('');
  const { problem, check } = useFormCheck(creatorNoteInputSchema);
  // Every role reads the notes; writing one is the Manager's (the permission table).
  const write = useCan('POST /admin/influencers/{id}/notes');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = check({ body });
    if (!input) return;
    try {
      await addNote.mutateAsync(input.body);
      setBody('');
    } catch {
      // Shown below the form.
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {write ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-2">
          <TextareaField
            id={`${id}-note`}
            label="New note"
            hint="Only admins see notes."
            value={body}
            onChange={(event) => setBody(event.target.value)}
            error={problem}
            maxLength={NOTE_MAX}
            className="[&_textarea]:min-h-20"
          />
          {addNote.isError ? <Alert variant="destructive">{getErrorMessage(addNote.error)}</Alert> : null}
          <div>
            <Button type="submit" size="sm" disabled={addNote.isPending}>
              {addNote.isPending ? 'Saving…' : 'Add note'}
            </Button>
          </div>
        </form>
      ) : null}
      {notes.length === 0 ? (
        <p className="text-sm text-slate-500">No notes yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Admin notes">
          {notes.map((note) => (
            <li
              key={note.id}
              className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2"
              data-testid="creator-note"
            >
              <p className="text-sm whitespace-pre-wrap text-slate-800">{note.body}</p>
              <p className="mt-1 text-xs text-slate-500">
                {note.author} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
