import { z } from 'zod';
import { hasControlCharacter, TEXT_WHITESPACE } from '../rules/text';
import { filledText } from './text-field';

/** Issue 26: conversations between a creator and the campaign team, one per application. */

export const CONVERSATION_AUTHOR_ROLES = ['creator', 'team'] as const;
export type ConversationAuthorRole = (typeof CONVERSATION_AUTHOR_ROLES)[number];

export const MESSAGE_MAX_CHARS = 4000;
export const MESSAGE_MAX_IMAGES = 4;
/** A sender may change their message for this long after sending it. */
export const MESSAGE_EDIT_WINDOW_MS = 5 * 60_000;
/** A conversation stays readable after its campaign ends and becomes read-only this long after the end. */
export const CONVERSATION_READ_ONLY_AFTER_DAYS = 30;
/** How often an open thread asks again when its live stream is down. */
export const CONVERSATION_POLL_MS = 10_000;

export const MESSAGE_TEXTS = {
  empty: 'Write a message or attach an image.',
  tooLong: `Messages can be at most ${MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters.`,
  control: 'Messages must not contain control characters.',
  html: 'Write your message as plain text: HTML tags are not accepted ("<" right before a letter, "/", "!" or "?" starts one). Messages are shown as text, never as HTML.',
  tooManyImages: `Attach at most ${MESSAGE_MAX_IMAGES} images to a message.`,
} as const;

/**
 * One rule for markup (issue 42): a `<` right before a letter, `/`, `!` or `?` is how an HTML parser starts a tag,
 * an end tag, a comment or a doctype, or a processing instruction, whatever follows (`<svg/onload=…>`, `<b>`, `</p`,
 * `<!--`, `<?xml`). Nothing after it is looked at, so no spelling of a tag slips through. `a < b`, `<3` and `<=`
 * stay text.
 */
const MARKUP = /<[a-z/!?]/i;

/** Whether a message's text looks like HTML (refused: the page shows messages as text, never as HTML). */
export function looksLikeHtml(text: string): boolean {
  return MARKUP.test(text);
}

/**
 * The text of a message (and of a saved reply): plain text up to 4,000 characters, line breaks allowed, no control
 * characters, no HTML. Leading and trailing white space is dropped. May be empty here; "empty and no image" is
 * refused by the message rule.
 */
export const messageTextSchema = z
  .string({ error: 'body must be text' })
  .transform((text) => text.trim())
  .refine((text) => text.length <= MESSAGE_MAX_CHARS, { error: MESSAGE_TEXTS.tooLong })
  .refine((text) => !hasControlCharacter(text, TEXT_WHITESPACE), { error: MESSAGE_TEXTS.control })
  .refine((text) => !looksLikeHtml(text), { error: MESSAGE_TEXTS.html });

/**
 * Body of POST …/messages: the text and the images uploaded for it first (POST …/images answers each one's url).
 * Text may be empty when there is an image.
 */
export const newMessageSchema = z.object({
  body: messageTextSchema.optional().default(''),
  images: z
    .array(z.string({ error: 'images must be addresses of uploaded images' }).max(200), {
      error: 'images must be a list of uploaded images',
    })
    .max(MESSAGE_MAX_IMAGES, { error: MESSAGE_TEXTS.tooManyImages })
    .optional()
    .default([]),
});
export type NewMessageInput = z.input<typeof newMessageSchema>;

export const postedMessageSchema = z.object({ id: z.number().int(), conversationId: z.number().int() });
export const uploadedImageSchema = z.object({ url: z.string() });
export const seenSchema = z.object({
  upTo: z.number().int().positive().max(2_147_483_647).optional(),
});
export const seenResultSchema = z.object({ lastReadMessageId: z.number().int() });

export const editMessageSchema = z.object({
  body: messageTextSchema.refine((text) => text.length > 0, { error: MESSAGE_TEXTS.empty }),
});
export type EditMessageInput = z.infer<typeof editMessageSchema>;

export const hideMessageSchema = z.object({
  reason: filledText({
    missing: 'Say why the message is hidden (at least 3 characters).',
    notText: 'reason must be text',
    min: 3,
    max: 500,
    tooLong: 'The reason can be at most 500 characters.',
  }),
});
export type HideMessageInput = z.infer<typeof hideMessageSchema>;

export const CONVERSATION_EVENT_KINDS = [
  'applied',
  'accepted',
  'rejected',
  'shipped',
  'delivered',
  'submitted',
  'approved',
] as const;
export type ConversationEventKind = (typeof CONVERSATION_EVENT_KINDS)[number];

const messageItemSchema = z.object({
  type: z.literal('message'),
  id: z.number().int(),
  authorRole: z.enum(CONVERSATION_AUTHOR_ROLES),
  /** As shown: the creator's name, or the brand with the admin's first name ("Glow Labs · Maria"). */
  authorName: z.string(),
  /** Null when the message is hidden and the reader is the creator. */
  body: z.string().nullable(),
  images: z.array(z.string()),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  hidden: z.object({ at: z.string(), reason: z.string().nullable(), by: z.string().nullable() }).nullable(),
  /** The reader wrote it and may still change it (5 minutes) or delete it (nobody answered yet). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** A team message the creator has read (the team's "seen" mark); null on the creator's side. */
  seen: z.boolean().nullable(),
});

const eventItemSchema = z.object({
  type: z.literal('event'),
  kind: z.enum(CONVERSATION_EVENT_KINDS),
  text: z.string(),
  at: z.string(),
});

export const timelineItemSchema = z.discriminatedUnion('type', [messageItemSchema, eventItemSchema]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export type MessageItem = z.infer<typeof messageItemSchema>;

export const conversationThreadSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  campaign: z.object({ id: z.number().int(), name: z.string(), brand: z.string() }),
  creator: z.object({ id: z.number().int(), name: z.string() }),
  /** Messages and the application's lifecycle events, oldest first. */
  items: z.array(timelineItemSchema),
  /** The reader may write (not read-only, not a suspended creator). */
  canWrite: z.boolean(),
  /** Why the reader cannot write, in a sentence (null when they can). */
  readOnlyReason: z.string().nullable(),
  /** When the conversation becomes (or became) read-only: 30 days after the campaign ended; null while it runs. */
  readOnlyFrom: z.string().nullable(),
  waitingSince: z.string().nullable(),
  /** Messages from the other side the reader has not read. */
  unreadCount: z.number().int(),
});
export type ConversationThread = z.infer<typeof conversationThreadSchema>;

export const openedConversationSchema = z.object({ id: z.number().int() });

export const myConversationSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  lastMessageAt: z.string().nullable(),
  unreadCount: z.number().int(),
});
export const myConversationListSchema = z.object({
  items: z.array(myConversationSchema),
  unreadCount: z.number().int(),
});
export type MyConversationList = z.infer<typeof myConversationListSchema>;

/** How the team signs in a thread: the brand with the admin's first name. */
export function teamSignature(brand: string, authorName: string): string {
  return authorName ? `${brand} · ${authorName}` : brand;
}

/** The first name of an admin's account name ("Maria Ortiz" → "Maria"; an email-like name → its local part). */
export function firstNameOf(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return (first.includes('@') ? first.slice(0, first.indexOf('@')) : first).slice(0, 40);
}

/**
 * When a conversation becomes read-only: 30 days after its campaign ended. A campaign ends when its status turns
 * 'ended' (the daily sweep after the deadline, or an admin); the end is the earlier of that change and the day after
 * the deadline, so a later edit of an ended campaign does not move it.
 */
export function readOnlyFrom(campaign: { status: string; deadline: string; updatedAt: Date }): Date | null {
  if (campaign.status !== 'ended') return null;
  const afterDeadline = new Date(`${campaign.deadline}T00:00:00Z`).getTime() + 86_400_000;
  const ended = Math.min(campaign.updatedAt.getTime(), afterDeadline);
  return new Date(ended + CONVERSATION_READ_ONLY_AFTER_DAYS * 86_400_000);
}

/** Words a link inside a message: the plain-text parts and the http(s) addresses, for the web to render as links. */
export function linkParts(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  const pattern = /https?:\/\/[^\s<>"']+/gi;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    let url = match[0];
    // A sentence's closing punctuation is not part of the address.
    while (/[.,;:!?)\]]$/.test(url)) url = url.slice(0, -1);
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
