import { OpenAPIHono } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import type { AppBindings } from './context';
import { validationErrorBody } from './errors';

/** Turns a validation failure into one sentence that names the parameter. */
export function describeValidationError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid';
  const name = issue.path.map(String).join('.');
  if (!name || issue.message.startsWith(name)) return issue.message;
  return `${name}: ${issue.message}`;
}

/** A router whose validation failures answer 400 {error, code: VALIDATION_FAILED, field} naming the bad parameter. */
export function createRouter() {
  return new OpenAPIHono<AppBindings>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const error = result.error as ZodError;
        return c.json(validationErrorBody(error, describeValidationError(error)), 400);
      }
    },
  });
}
