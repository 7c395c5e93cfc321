import { z } from 'zod';
import { cappedPageSchema, cursorParam, pageLimitParam } from '../page-cursor';

/**
 * The admins' audit trail (issue 22): what an entry says, the actions and record kinds it names, and the list's
 * filters. The server writes entries (services/audit-log.ts); /admin/settings shows them.
 */

/** Every action an entry can name, with its label on the Audit log. */
export const AUDIT_ACTION_LABELS = {
  'campaign.create': 'Campaign created',
  'campaign.update': 'Campaign changed',
  'campaign.delete': 'Campaign deleted',
  'campaign.products': 'Products or stock changed',
  'store.connect': 'Store connected',
  'store.disconnect': 'Store disconnected',
  'application.accept': 'Application accepted',
  'application.reject': 'Application rejected',
  'application.ask_choice': 'Creator asked for another option',
  'application.ship': 'Box marked shipped',
  'application.import_shipment': 'Shipment imported (CSV)',
  'application.deliver': 'Box marked delivered',
  'application.override_address': 'Shipping address changed',
  'submission.approve': 'Content approved',
  'submission.request_changes': 'Changes requested',
  'metrics.enter': 'Post figures entered',
  'metrics.confirm': 'Creator report confirmed',
  'payout.start': 'Payout started (by hand)',
  'payout.send_to_paypal': 'Payout sent to PayPal',
  'payout.mark_paid': 'Payout marked paid',
  'payout.mark_failed': 'Payout marked failed',
  'mint.adjust': 'Mint adjusted',
  'creator.suspend': 'Creator suspended',
  'creator.ban': 'Creator banned',
  'creator.restore': 'Suspension or ban lifted',
  'creator.add_note': 'Note added',
  'problem.reply': 'Problem answered',
  'problem.resolve': 'Problem resolved',
  'problem.reship': 'New box sent',
  'settings.digest': 'Mail digest switched',
  'conversation.hide_message': 'Message hidden',
  'tax.year_end_export': 'Year-end tax file downloaded (TINs read)',
  'team.invite': 'Team member invited',
  'team.revoke_invitation': 'Invitation revoked',
  'team.join': 'Invitation accepted',
  'team.change_role': 'Role changed',
  'team.remove': 'Team member removed',
  'report_link.create': 'Report link created',
  'report_link.revoke': 'Report link revoked',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

/** Every kind of record an entry can name, with its label. */
export const AUDIT_ENTITY_LABELS = {
  campaign: 'Campaign',
  application: 'Application',
  submission: 'Submission',
  metric_report: 'Creator report',
  payout: 'Payout',
  creator: 'Creator',
  delivery_problem: 'Delivery problem',
  admin_digest: 'Mail digest',
  conversation_message: 'Message',
  tax_year: 'Tax year',
  store: 'Store',
  team_member: 'Team member',
  team_invitation: 'Invitation',
  report_link: 'Report link',
} as const;
export type AuditEntityType = keyof typeof AUDIT_ENTITY_LABELS;
export const AUDIT_ENTITY_TYPES = Object.keys(AUDIT_ENTITY_LABELS) as [AuditEntityType, ...AuditEntityType[]];

export const AUDIT_PAGE_SIZE = 25;

const blankToUndefined = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v);

/** Whether a YYYY-MM-DD text names a day of the calendar (2026-02-30 does not). */
function exists(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** A calendar day (UTC) like 2026-01-31 that exists, between the years 1970 and 2999. */
const day = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(19[7-9]\d|2\d{3})-\d{2}-\d{2}$/, { error: `${name} must be a date like 2026-01-31` })
      .refine((v) => exists(v), {
        error: `${name} must be a date like 2026-01-31`,
      })
      .optional(),
  );

export const auditLogQuerySchema = z
  .object({
    /** Part of the actor's name or email, or their user id. */
    actor: z.preprocess(
      blankToUndefined,
      z.string().max(200, { error: 'actor must be at most 200 characters' }).optional(),
    ),
    action: z.preprocess(
      blankToUndefined,
      z.enum(AUDIT_ACTIONS, { error: 'action is not an action of the audit log' }).optional(),
    ),
    entityType: z.preprocess(
      blankToUndefined,
      z.enum(AUDIT_ENTITY_TYPES, { error: 'entityType is not a kind of record of the audit log' }).optional(),
    ),
    entityId: z.preprocess(
      blankToUndefined,
      z.string().max(100, { error: 'entityId must be at most 100 characters' }).optional(),
    ),
    /** First day (UTC) of the range, included. */
    from: day('from'),
    /** Last day (UTC) of the range, included. */
    to: day('to'),
    limit: pageLimitParam(AUDIT_PAGE_SIZE),
    cursor: cursorParam,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: 'to must be on or after from',
    path: ['to'],
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

const auditScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const auditFlatValueSchema = z.union([auditScalarSchema, z.array(auditScalarSchema)]);
/**
 * One changed field's value as the trail stores it (services/audit-log `plain`): text (dates as ISO text), a number,
 * yes/no, null, a list, or nested fields (an address, a list of accounts) one level deep.
 */
export const auditValueSchema = z.union([
  auditFlatValueSchema,
  z.record(z.string(), auditFlatValueSchema),
  z.array(z.record(z.string(), auditFlatValueSchema)),
]);
/** The changed fields by name. */
export const auditFieldsSchema = z.record(z.string(), auditValueSchema);
export type AuditFields = z.infer<typeof auditFieldsSchema>;
const fieldsSchema = auditFieldsSchema.nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorUserId: z.string().nullable(),
  /** "Name <email>" as the admin was called then. */
  actorName: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The changed fields before and after (personal values masked, secrets never stored). */
  before: fieldsSchema,
  after: fieldsSchema,
  ipAddress: z.string().nullable(),
  /** The campaign / creator the record belongs to, while it still exists (for a link to its admin page). */
  campaignId: z.number().int().nullable(),
  creatorId: z.number().int().nullable(),
  /** The names of the campaign and the creator the record is about, while they exist (null otherwise). */
  campaignName: z.string().nullable(),
  creatorName: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of the audit log; `total` is the entries matching the filters, counted up to 1,000. */
export const auditLogListSchema = cappedPageSchema(auditEntrySchema, 'more than 1,000 entries match');
export type AuditLogList = z.infer<typeof auditLogListSchema>;
