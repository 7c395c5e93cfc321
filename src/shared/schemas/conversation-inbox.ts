import { z } from 'zod';
import { cursorParam, pageCursorsSchema, pageLimitParam } from '../page-cursor';
import { hasControlCharacter } from '../rules/text';
import { CONVERSATION_AUTHOR_ROLES, messageTextSchema } from './conversations';
import { optionalIdQueryParam } from './id-param';
import { filledText } from './text-field';

/** The team's inbox (its filters, pages and campaign choices) and its saved replies. */
export const savedReplySchema = z.object({
  title: filledText({
    missing: 'Give the saved reply a title.',
    notText: 'title must be text',
    max: 80,
    tooLong: 'The title can be at most 80 characters.',
  }).refine((text) => !hasControlCharacter(text), {
    error: 'The title must not contain control characters.',
  }),
  body: messageTextSchema.refine((text) => text.length > 0, { error: 'Write the reply.' }),
});
export type SavedReplyInput = z.infer<typeof savedReplySchema>;

export const savedReplyItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type SavedReplyItem = z.infer<typeof savedReplyItemSchema>;
export const savedReplyListSchema = z.object({ items: z.array(savedReplyItemSchema) });

/** Conversations per page of the admins' inbox. */
export const INBOX_PAGE_SIZE = 50;

export const INBOX_FILTERS = ['all', 'unread', 'waiting'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
/** The search (`q`) of the inbox and of its campaign filter: at most 100 characters, trimmed. */
const inboxSearch = z.preprocess(
  emptyToUndefined,
  z.string().trim().max(100, { error: 'Search for at most 100 characters.' }).optional(),
);

export const inboxQuerySchema = z.object({
  filter: z.preprocess(
    emptyToUndefined,
    z.enum(INBOX_FILTERS, { error: 'filter must be all, unread or waiting' }).default('all'),
  ),
  campaignId: optionalIdQueryParam('campaignId must be a campaign id'),
  q: inboxSearch,
  limit: pageLimitParam(INBOX_PAGE_SIZE),
  cursor: cursorParam,
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxItemSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  campaign: z.object({ id: z.number().int(), name: z.string(), brand: z.string() }),
  creator: z.object({ id: z.number().int(), name: z.string() }),
  lastMessageAt: z.string().nullable(),
  lastMessage: z.object({ authorRole: z.enum(CONVERSATION_AUTHOR_ROLES), text: z.string() }).nullable(),
  unreadCount: z.number().int(),
  waitingSince: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxSchema = z.object({
  /** One page, newest activity first (`limit`, INBOX_PAGE_SIZE by default); `nextCursor` reads the next (older) one. */
  items: z.array(inboxItemSchema),
  nextCursor: pageCursorsSchema.nextCursor,
  /** Conversations whose creator waits for the team (the number in the admin sidebar). */
  waitingCount: z.number().int(),
});
export type Inbox = z.infer<typeof inboxSchema>;

export const waitingCountSchema = z.object({ waitingCount: z.number().int() });

/** How many campaigns the inbox's campaign filter offers at once (and at most, when asked). */
export const INBOX_CAMPAIGNS_LIMIT = 20;
export const INBOX_CAMPAIGNS_MAX = 50;

/**
 * GET /api/admin/conversations/campaigns: `q` searches the names (contains, case-insensitive), `limit` how many
 * (20 by default, at most 50); `id` reads that one campaign (a filter kept in the URL shows its name).
 */
export const inboxCampaignsQuerySchema = z.object({
  q: inboxSearch,
  limit: pageLimitParam(INBOX_CAMPAIGNS_LIMIT, INBOX_CAMPAIGNS_MAX),
  id: optionalIdQueryParam('id must be a campaign id'),
});
export type InboxCampaignsQuery = z.infer<typeof inboxCampaignsQuerySchema>;

/**
 * The campaigns that have conversations whose name matches, most conversations first, then by name (the choices of
 * the inbox's campaign filter); with `id`, that campaign alone (none when there is no such campaign).
 */
export const inboxCampaignsSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type InboxCampaigns = z.infer<typeof inboxCampaignsSchema>;
