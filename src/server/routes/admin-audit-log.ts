import { createRoute } from '@hono/zod-openapi';
import { auditLogListSchema, auditLogQuerySchema } from '../../shared/schemas/audit-log';
import { createRouter } from '../http/openapi';
import { json, refusal } from '../http/route-responses';
import { auditLogPage } from '../services/audit-log';

/**
 * Issue 22: the admins' audit trail, read-only (behind requireRole('admin'), app.ts). There is no route that edits or
 * deletes an entry, and the database refuses both (migration 0017).
 */

const listRoute = createRoute({
  method: 'get',
  path: '/audit-log',
  tags: ['Admin'],
  summary:
    'The audit trail: every admin action that changed data (who, what, which record, the changed fields before and after, when, from which address), newest first, filtered by actor, action, record and date range (UTC days), paged',
  request: { query: auditLogQuerySchema },
  responses: {
    200: { description: 'A page of entries', content: json(auditLogListSchema) },
    400: refusal('A parameter is not valid'),
    401: refusal('Not signed in'),
    403: refusal('Not an admin'),
  },
});

export const adminAuditLogRoutes = createRouter().openapi(listRoute, async (c) =>
  c.json(await auditLogPage(c.get('services'), c.req.valid('query')), 200),
);
