import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { identityId, ts } from './columns';

/**
 * The admins' audit trail (issue 22): one row per admin action that changed data, written in the transaction of the
 * change. Rows are never updated or deleted (a trigger refuses both, migration 0017). The actor is kept by id and
 * by name as shown then, without a foreign key, so removing an account never rewrites the trail.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: identityId(),
    actorUserId: text('actor_user_id'),
    /** The actor as shown ("Name <email>"). */
    actorName: text('actor_name').notNull(),
    /** What was done, as a dotted name: 'campaign.update', 'application.accept', 'payout.mark_paid' … */
    action: text('action').notNull(),
    /** Which kind of record, and its id as text: 'campaign' / '12'. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** The changed fields before and after (only those), or null where there was no before (a creation). */
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    ipAddress: text('ip_address'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt.desc()),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
