import { describe, expect, it } from 'vitest';
import { renderAsAdmin as renderAs, textOf as text } from '../../../../../tests/support/render-as-admin';
import { CreatorNotes } from './creator-notes';

/** Issue 39: a creator's notes show only what the signed-in role may do, read from the one permission table. */

describe('notes by role', () => {
  it('lets a Manager write a note about a creator; a Viewer reads the notes', () => {
    const notes = [{ id: 1, body: 'Ships fast', author: 'Max', createdAt: '2026-11-20T10:00:00.000Z' }];
    expect(text(renderAs('manager', <CreatorNotes creatorId={3} notes={notes} />))).toContain('Add note');
    const viewer = text(renderAs('viewer', <CreatorNotes creatorId={3} notes={notes} />));
    expect(viewer).toContain('Ships fast');
    expect(viewer).not.toContain('Add note');
  });
});
