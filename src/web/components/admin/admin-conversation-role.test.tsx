import { describe, expect, it } from 'vitest';
import { renderAsAdmin as renderAs, textOf as text } from '../../../../tests/support/render-as-admin';
import type { AdminRole } from '../../../shared/admin-permissions';
import type { ConversationThread } from '../../../shared/schemas/conversations';
import { conversationKeys } from '../../lib/conversations';
import { AdminConversation } from './admin-conversation';

/** Issue 39: the conversation box shows only what the signed-in role may do, read from the one permission table. */

const THREAD: ConversationThread = {
  id: 11,
  applicationId: 7,
  campaign: { id: 1, name: 'Glow Serum Launch', brand: 'Glow Labs' },
  creator: { id: 3, name: 'Ana Creator' },
  items: [
    {
      type: 'message',
      id: 1,
      authorRole: 'creator',
      authorName: 'Ana Creator',
      body: 'When does the box ship?',
      images: [],
      createdAt: '2026-11-20T10:00:00.000Z',
      editedAt: null,
      hidden: null,
      canEdit: false,
      canDelete: false,
      seen: false,
    },
  ],
  canWrite: true,
  readOnlyReason: null,
  readOnlyFrom: null,
  waitingSince: '2026-11-20T10:00:00.000Z',
  unreadCount: 0,
};

describe('the conversation box by role', () => {
  const render = (role: AdminRole) =>
    renderAs(role, <AdminConversation conversationId={11} />, [
      [conversationKeys.thread('admin', 11), THREAD],
    ]);

  it('lets a Manager write, and tells a Viewer or Finance member they read only', () => {
    const manager = render('manager');
    expect(manager).toContain('Your message');
    expect(text(manager)).toContain('Send');
    for (const role of ['viewer', 'finance'] as const) {
      const html = render(role);
      expect(text(html)).toContain('When does the box ship?');
      expect(html).not.toContain('<textarea');
      expect(text(html)).not.toContain('Saved replies');
      expect(text(html)).toContain(`reads the conversations; replying needs the Manager or Owner role.`);
    }
  });
});
