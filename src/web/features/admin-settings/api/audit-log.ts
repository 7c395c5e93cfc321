import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, auditLogListSchema } from '../../../../shared/schemas/audit-log';
import { tablePageQuery } from '../../../lib/admin-cursor-pages';
import { privateKeys } from '../../../lib/query-keys';

/** The Audit log's filters as the URL keeps them ('' when not set). */
export interface AuditFilters {
  actor: string;
  action: string;
  entityType: string;
  entityId: string;
  from: string;
  to: string;
}

export const AUDIT_FILTER_NAMES = ['actor', 'action', 'entityType', 'entityId', 'from', 'to'] as const;

/**
 * GET /api/admin/audit-log: a page of the trail, newest first. Always read again when the section opens (an admin
 * who just changed something expects to see it), the previous page kept on screen while the next one loads.
 */
export const auditLogQuery = (filters: AuditFilters, cursor: string) =>
  queryOptions({
    ...tablePageQuery(
      privateKeys.admin.auditLog(filters, cursor),
      '/api/admin/audit-log',
      auditLogListSchema,
      {
        limit: AUDIT_PAGE_SIZE,
        cursor,
        filters: Object.fromEntries(AUDIT_FILTER_NAMES.map((name) => [name, filters[name]])),
      },
    ),
    staleTime: 0,
    refetchOnMount: 'always',
  });
export const useAuditLog = (filters: AuditFilters, cursor: string) =>
  useQuery(auditLogQuery(filters, cursor));
