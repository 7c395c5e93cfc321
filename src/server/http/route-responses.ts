import { z } from '@hono/zod-openapi';
import { errorSchema } from '../../shared/schemas/error';

/** A JSON body of `schema`, as a route declares its request or its answer. */
export const json = <T>(schema: T) => ({ 'application/json': { schema } });

/** A JSON body a request must carry, validated by `schema`. */
export const jsonBody = <T>(schema: T) => ({ content: json(schema), required: true as const });

/** A JSON body a request may leave out (the route reads `c.req.valid('json') ?? {}`). */
export const optionalJsonBody = <T>(schema: T) => ({ content: json(schema), required: false as const });

/** A successful answer of a route, for the OpenAPI document: its description and its JSON body. */
export const answer = <T>(description: string, schema: T) => ({ description, content: json(schema) });

/** A CSV file a route answers with, for the OpenAPI document. */
export const csvAnswer = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string() } },
});

/** A stream of Server-Sent Events a route answers with, for the OpenAPI document. */
export const eventStreamAnswer = (description: string) => ({
  description,
  content: { 'text/event-stream': { schema: z.string() } },
});

/** A refusal a route may answer, for the OpenAPI document: its description and the error body. */
export const refusal = (description: string) => ({ description, content: json(errorSchema) });

/** The refusals routes may answer, each status with its description (`{ 401: 'Not signed in' }`), for the OpenAPI document. */
export function refusals<S extends number>(descriptions: Record<S, string>) {
  const entries = Object.entries<string>(descriptions).map(([status, text]) => [status, refusal(text)]);
  return Object.fromEntries(entries) as Record<S, ReturnType<typeof refusal>>;
}

/** The refusals of a route behind `creatorOnly` (a signed-in creator), for the OpenAPI document. */
export const creatorOnlyRefusals = refusals({
  401: 'Not signed in',
  403: 'Not a creator',
});

/** The refusals of an admin route the permission table keeps to some roles (issue 39), for the OpenAPI document. */
export const adminRoleRefusals = refusals({
  400: 'Bad input',
  401: 'Not signed in',
  403: 'Not allowed for this role',
});

/** The refusals of a route behind a session whose role or ownership it checks (creator and admin routes), for the OpenAPI document. */
export const signedInRefusals = refusals({
  400: 'Bad input',
  401: 'Not signed in',
  403: 'Not allowed',
});

/** The refusals of a route behind the admin role (mounted under /admin), for the OpenAPI document. */
export const adminOnlyRefusals = refusals({
  400: 'Bad input',
  401: 'Not signed in',
  403: 'Not an admin',
});

/** The refusals every admin route of the campaigns and their review may answer, for the OpenAPI document. */
export const adminRefusals = {
  ...adminOnlyRefusals,
  ...refusals({
    404: 'Not found',
    409: 'A step out of order',
  }),
};
