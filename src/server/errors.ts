import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** An error meant for the user: its message is shown as is, its code decides the HTTP status. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }

  get status(): ContentfulStatusCode {
    return APP_ERROR_STATUS[this.code];
  }
}
