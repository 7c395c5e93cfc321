import { errorSchema } from '../../shared/schemas/error';

/** A JSON body of `schema`, as a route declares its request or its answer. */
export const json = <T>(schema: T) => ({ 'application/json': { schema } });

/** A JSON body a request must carry, validated by `schema`. */
export const jsonBody = <T>(schema: T) => ({ content: json(schema), required: true as const });

/** A JSON body a request may leave out (the route reads `c.req.valid('json') ?? {}`). */
export const optionalJsonBody = <T>(schema: T) => ({ content: json(schema), required: false as const });

/** A successful answer of a route, for the OpenAPI document: its description and its JSON body. */
export const answer = <T>(description: string, schema: T) => ({ description, content: json(schema) });

/** A refusal a route may answer, for the OpenAPI document: its description and the error body. */
export const refusal = (description: string) => ({ description, content: json(errorSchema) });

/** The refusals every admin route of the campaigns and their review may answer, for the OpenAPI document. */
export const adminRefusals = {
  400: refusal('Bad input'),
  401: refusal('Not signed in'),
  403: refusal('Not an admin'),
  404: refusal('Not found'),
  409: refusal('A step out of order'),
};
