import { z } from '@hono/zod-openapi';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { json, refusals } from '../http/route-responses';
import { handleInstagramDeletion } from '../services/instagram-data-deletion';

/**
 * Meta's Deauthorize and Data Deletion callbacks for the Instagram app: called by Meta, not by a browser (no session,
 * no Origin; the signed_request is verified with the app secret instead). Their URLs go in the Meta app's
 * Instagram settings: APP_URL/api/instagram/deauthorize and APP_URL/api/instagram/data-deletion.
 */

const required = 'signed_request is required: the form field Meta sends.';
const form = z.object({
  signed_request: z
    .string({ error: required })
    .min(1, { error: required })
    .max(8192, { error: 'signed_request is too long.' }),
});
const formBody = {
  body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: form } } },
};
const signedRequestRefusals = refusals({
  400: 'No signed_request, or one not signed with the app secret',
  404: 'Instagram is not set up on this server',
});

const webhookRoute = routeGroup({ tags: ['Webhooks'], refusals: signedRequestRefusals });

const routes = {
  deauthorize: webhookRoute.post('/instagram/deauthorize', {
    summary:
      "Meta's Deauthorize callback: the person removed the app from their Instagram account; their connection, token, ages and the figures read from Instagram are deleted",
    request: formBody,
    responses: {
      200: {
        description: 'Deleted (or nothing was held)',
        content: json(z.object({ received: z.literal(true), confirmation_code: z.string() })),
      },
    },
  }),
  dataDeletion: webhookRoute.post('/instagram/data-deletion', {
    summary:
      "Meta's Data Deletion callback: deletes what was obtained from Instagram for that user and answers Meta's { url, confirmation_code } (the url is a page that says what was deleted)",
    request: formBody,
    responses: {
      200: {
        description: 'Deleted (or nothing was held)',
        content: json(z.object({ url: z.string(), confirmation_code: z.string() })),
      },
    },
  }),
};

export const instagramCallbackRoutes = createRouter()
  .openapi(routes.deauthorize, async (c) => {
    const result = await handleInstagramDeletion(c.get('services'), c.get('deps').env.instagram, {
      kind: 'deauthorize',
      signedRequest: c.req.valid('form').signed_request,
    });
    return c.json({ received: true as const, confirmation_code: result.confirmationCode }, 200);
  })
  .openapi(routes.dataDeletion, async (c) => {
    const result = await handleInstagramDeletion(c.get('services'), c.get('deps').env.instagram, {
      kind: 'data_deletion',
      signedRequest: c.req.valid('form').signed_request,
    });
    return c.json({ url: result.url, confirmation_code: result.confirmationCode }, 200);
  });
