import type { DatabaseOrTransaction } from '../../db/client';
import { listAuditLog } from '../../db/queries/audit-log';
import { auditLog } from '../../db/schema/audit';
import type { AuditAction, AuditEntityType, AuditLogQuery } from '../../shared/schemas/audit-log';
import type { ServiceContext } from './service-context';

/**
 * The admins' audit trail (issue 22). Every admin action that changes data calls `recordAdminAction` with the
 * transaction of the change, so the entry and the change are committed together or not at all. Rows are never
 * updated or deleted (a trigger refuses it, migration 0017), which is why nothing secret or personal is stored as it
 * was: see `sanitize` below and docs/security.md "Audit trail".
 */

/** Who did it: the signed-in admin ("Name <email>") and the client address the app trusts (TRUST_PROXY aware). */
export interface AuditActor {
  userId: string | null;
  name: string;
  ipAddress: string | null;
}

type Fields = Record<string, unknown>;

export interface AuditChange {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | number | null;
  /** The changed fields as they were (null: the record did not exist, e.g. a creation). */
  before: Fields | null;
  /** The changed fields as they are now (null: the record is gone, e.g. a deletion). */
  after: Fields | null;
  /** When; the app's clock of the request (the database's now() when absent). */
  at?: Date | undefined;
}

/** Secrets never reach the trail, whatever a caller passes: keys named like these become '[redacted]'. */
const SECRET_KEYS = new Set([
  'password',
  'passwordhash',
  'secret',
  'token',
  'accesstoken',
  'refreshtoken',
  'apikey',
  'code',
  'otp',
  'tin',
  'taxid',
  'ssn',
  'card',
  'cardnumber',
  'cvv',
  'cvc',
  'iban',
  'accountnumber',
]);
const SECRET_PATTERN = /password|secret|token/i;

/**
 * Personal data (a shipping address, a phone, an address book entry): the trail keeps which field changed and a
 * masked value (first character, or the first character and the domain of an email), never the value itself, since
 * an entry can never be erased.
 */
const PERSONAL_KEYS = new Set([
  'fullname',
  'addressline1',
  'addressline2',
  'city',
  'state',
  'zipcode',
  'phone',
  'shippingphone',
  'email',
  'paypalemail',
]);

const normalise = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

export const REDACTED = '[redacted]';

/** A personal value as the trail keeps it: 'j***@example.com', 'M***'; null and empty stay as they are. */
export function maskPersonal(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value ?? null;
  const text = String(value);
  const email = /^([^@\s])[^@\s]*@([^@\s]+)$/.exec(text);
  if (email) return `${email[1]}***@${email[2]}`;
  return `${text.slice(0, 1)}***`;
}

/** Text jsonb can hold: a lone UTF-16 surrogate or a NUL (which PostgreSQL refuses in jsonb) becomes U+FFFD. */
const storable = (text: string) =>
  text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replaceAll('\u0000', '\uFFFD');

function plain(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value === undefined ? null : value;
}

/** Secrets redacted and personal values masked, at any depth; dates as ISO text. */
export function sanitize(fields: Fields | null): Fields | null {
  if (!fields) return null;
  const out: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    const name = normalise(key);
    if (SECRET_KEYS.has(name) || SECRET_PATTERN.test(key)) out[key] = REDACTED;
    else if (PERSONAL_KEYS.has(name)) out[key] = maskPersonal(plain(value));
    else if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
      out[key] = sanitize(value as Fields);
    else out[key] = plain(value);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/**
 * The fields that differ between two views of a record (only the keys of `after`, or `keys` when given), each side
 * with only those fields; null when nothing changed.
 */
export function changedFields(
  before: Fields,
  after: Fields,
  keys: readonly string[] = Object.keys(after),
): { before: Fields; after: Fields } | null {
  const changed = keys.filter((key) => !same(before[key] ?? null, after[key] ?? null));
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}

/** Writes one entry in `tx`, the transaction of the change it records. */
export async function recordAdminAction(tx: DatabaseOrTransaction, actor: AuditActor, change: AuditChange) {
  await tx.insert(auditLog).values({
    actorUserId: actor.userId,
    actorName: actor.name,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId === null ? null : String(change.entityId),
    before: sanitize(change.before),
    after: sanitize(change.after),
    ipAddress: actor.ipAddress,
    ...(change.at ? { createdAt: change.at } : {}),
  });
}

/** `recordAdminAction` for an update: one entry with the changed fields only, or none when nothing changed. */
export async function recordAdminUpdate(
  tx: DatabaseOrTransaction,
  actor: AuditActor,
  change: Omit<AuditChange, 'before' | 'after'> & { before: Fields; after: Fields; keys?: readonly string[] },
) {
  const { before, after, keys, ...what } = change;
  const diff = changedFields(before, after, keys);
  if (!diff) return;
  await recordAdminAction(tx, actor, { ...what, ...diff });
}

/** A page of the trail for /admin/audit-log, newest first, filtered as asked. */
export function auditLogPage(ctx: ServiceContext, query: AuditLogQuery) {
  return listAuditLog(ctx.db, query);
}
