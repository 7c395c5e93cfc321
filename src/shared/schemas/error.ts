import { z } from 'zod';

/**
 * The app's error answer (docs/decisions/0010-error-format.md): `{ error, code, field? }`. `error` is a sentence for the
 * user, `code` a stable name the UI may branch on (never the HTTP status), `field` the input it is about, if any.
 */
export const ERROR_CODE_STATUS = {
  /** The input failed its schema (a field is named when there is one). */
  VALIDATION_FAILED: 400,
  /** The request makes no sense as sent (a rule about the input, not its shape). */
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** The admin's role does not hold the route's permission (issue 39); `allowed` names the roles that would. */
  FORBIDDEN_ROLE: 403,
  /** An admin must enrol a second factor (an authenticator app) before anything else (ADMIN_REQUIRE_2FA). */
  TWO_FACTOR_ENROLMENT_REQUIRED: 403,
  /** A money action or an export of personal data needs a second-factor code from the last 10 minutes. */
  STEP_UP_REQUIRED: 403,
  NOT_FOUND: 404,
  /** A step out of order, or a rule that the current state does not allow. */
  CONFLICT: 409,
  /** An application step its current status does not allow (the table of moves in src/shared/lifecycle/moves.ts). */
  INVALID_TRANSITION: 409,
  /** A variant chosen for a PR box has no boxes left (the message names it; issue 37). */
  SOLD_OUT: 409,
  /** Something that existed is gone for good (a used or expired download link). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODE_STATUS;
export const ERROR_CODES = Object.keys(ERROR_CODE_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The code an answer stands for when all that is known is its status. */
export function errorCodeForStatus(status: number): ErrorCode {
  const found = (Object.entries(ERROR_CODE_STATUS) as Array<[ErrorCode, number]>).find(
    ([, s]) => s === status,
  );
  if (found) return found[0];
  return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
}

export const errorSchema = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES),
  field: z.string().optional(),
  /**
   * With INVALID_TRANSITION: the actions the caller may take at the application's current status. With
   * FORBIDDEN_ROLE: the team roles that would be allowed.
   */
  allowed: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorSchema>;

/** An error answer's body. */
export function errorBody(error: string, code: ErrorCode, field?: string | undefined): ErrorBody {
  return field === undefined ? { error, code } : { error, code, field };
}
