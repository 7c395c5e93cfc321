import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { ERROR_CODE_STATUS, type ErrorBody, type ErrorCode, errorBody } from '../../shared/schemas/error';

/** The HTTP status of each error code (the codes and statuses live in src/shared/schemas/error.ts). */
export const APP_ERROR_STATUS: Record<ErrorCode, ContentfulStatusCode> = ERROR_CODE_STATUS;

export type AppErrorCode = ErrorCode;

/**
 * An error meant for the user: its message is shown as is, its code is sent as `code` and decides the HTTP status,
 * its field (if any) names the input it is about.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    cause?: unknown,
    readonly field?: string,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }

  get status(): ContentfulStatusCode {
    return APP_ERROR_STATUS[this.code];
  }

  /** The answer's body: `{ error, code, field? }`. */
  toBody(): ErrorBody {
    return errorBody(this.message, this.code, this.field);
  }
}

/**
 * A move a table of moves does not allow at the record's status (an application's, src/shared/lifecycle/moves.ts; a
 * payout's, src/shared/payout-moves.ts): 409 INVALID_TRANSITION with the sentence for the user and the actions the
 * caller may take instead (docs/decisions/0010-error-format.md).
 */
export class MoveRefusedError<Action extends string = string> extends AppError {
  constructor(
    message: string,
    readonly allowed: readonly Action[],
  ) {
    super('INVALID_TRANSITION', message);
  }

  override toBody(): ErrorBody {
    return { ...super.toBody(), allowed: [...this.allowed] };
  }
}

/** The answer (503) to a request whose statement waited too long for the embedded database (decision 0036). */
export const EMBEDDED_DATABASE_BUSY_MESSAGE = 'Mintbox is very busy right now. Please try again in a moment.';

/** The dotted path of the first issue of a validation failure, or undefined for the whole input. */
export function issueField(error: ZodError): string | undefined {
  const path = error.issues[0]?.path.map(String).join('.');
  return path || undefined;
}

/** A validation failure's body: `message` (or the first issue's own message) with VALIDATION_FAILED and the field. */
export function validationErrorBody(error: ZodError, message?: string): ErrorBody {
  return errorBody(
    message ?? error.issues[0]?.message ?? 'The request is not valid',
    'VALIDATION_FAILED',
    issueField(error),
  );
}
