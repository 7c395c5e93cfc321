import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { userRefOrNull } from './auth';
import { ts } from './columns';

/**
 * Every stored upload (issue 22): campaign images are public; evidence screenshots and delivery-problem photos are
 * private, served only to the user who uploaded them and to admins.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The stored file name under DATA_DIR/uploads (random hex + extension); the URL is /uploads/<name>. */
    name: text('name').primaryKey(),
    ownerUserId: userRefOrNull('owner_user_id'),
    visibility: text('visibility').$type<'public' | 'private'>().notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerUserId),
    check('uploads_visibility_check', sql`${t.visibility} in ('public','private')`),
  ],
);
