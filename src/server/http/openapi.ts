import { OpenAPIHono } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import type { AppBindings } from './context';
import { validationErrorBody } from './errors';

/** A message written for the screen: a whole sentence (a capital first, a full stop, question or exclamation mark last). */
const WHOLE_SENTENCE = /^[A-Z].*[.!?]$/s;

/**
 * Turns a validation failure into one sentence: the schema's own message when it is a whole sentence the screens show
 * as is ("The minimum redemption is 50 Mint."), otherwise the message after the parameter it is about.
 */
export function describeValidationError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid';
  const name = issue.path.map(String).join('.');
  if (!name || issue.message.startsWith(name) || WHOLE_SENTENCE.test(issue.message)) return issue.message;
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
