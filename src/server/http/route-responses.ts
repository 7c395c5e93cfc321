import { errorSchema } from '../../shared/schemas/error';

/** A JSON body of `schema`, as a route declares its request or its answer. */
export const json = <T>(schema: T) => ({ 'application/json': { schema } });

/** The refusals every admin route of the campaigns and their review may answer, for the OpenAPI document. */
export const adminRefusals = {
  400: { description: 'Bad input', content: json(errorSchema) },
  401: { description: 'Not signed in', content: json(errorSchema) },
  403: { description: 'Not an admin', content: json(errorSchema) },
  404: { description: 'Not found', content: json(errorSchema) },
  409: { description: 'A step out of order', content: json(errorSchema) },
};
