import { createRoute } from '@hono/zod-openapi';
import { auditLogListSchema, auditLogQuerySchema } from '../../shared/schemas/audit-log';
import { errorSchema } from '../../shared/schemas/error';
import { createRouter } from '../http/openapi';
import { auditLogPage } from '../services/audit-log';

/**
 * Issue 22: the admins' audit trail, read-only (behind requireRole('admin'), app.ts). There is no route that edits or
 * deletes an entry, and the database refuses both (migration 0017).
 */
const json = <T>(schema: T) => ({ 'application/json': { schema } });

const listRoute = createRoute({
  method: 'get',
  path: '/audit-log',
  tags: ['Admin'],
  summary:
    'The audit trail: every admin action that changed data (who, what, which record, the changed fields before and after, when, from which address), newest first, filtered by actor, action, record and date range (UTC days), paged',
  request: { query: auditLogQuerySchema },
  responses: {
    200: { description: 'A page of entries', content: json(auditLogListSchema) },
    400: { description: 'A parameter is not valid', content: json(errorSchema) },
    401: { description: 'Not signed in', content: json(errorSchema) },
    403: { description: 'Not an admin', content: json(errorSchema) },
  },
});

export const adminAuditLogRoutes = createRouter().openapi(listRoute, async (c) =>
  c.json(await auditLogPage(c.get('services'), c.req.valid('query')), 200),
);
