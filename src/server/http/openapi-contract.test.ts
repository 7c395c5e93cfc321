import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';

/**
 * The typed contract between server and web (issue 25): every operation of the OpenAPI document declares what it
 * answers on success, and that answer is a concrete shape the web can type and parse from the same zod schema. A
 * body declared as `z.record(z.string(), z.unknown())`, `z.unknown()`, `z.any()` or an open object says nothing, so
 * the web would have to write the type by hand again: this test refuses it.
 */

type Schema = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** Keys that only describe a schema; a schema with nothing else accepts anything. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
]);

/** Where in `schema` (at `at`) a value is left open: anything goes, or an object takes any keys of any value. */
function openSpots(schema: unknown, doc: Document, at: string, seen = new Set<string>()): string[] {
  if (schema === true) return [`${at} accepts anything`];
  if (!schema || typeof schema !== 'object') return [`${at} has no schema`];
  const node = schema as Schema;
  if (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return [];
    const name = node.$ref.replace('#/components/schemas/', '');
    return openSpots(doc.components?.schemas?.[name], doc, at, new Set([...seen, node.$ref]));
  }
  if (Object.keys(node).every((key) => ANNOTATIONS.has(key))) return [`${at} accepts anything`];
  const spots: string[] = [];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = node[key];
    if (!Array.isArray(options)) continue;
    for (const [i, option] of options.entries()) spots.push(...openSpots(option, doc, `${at}|${i}`, seen));
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('object')) {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    const extra = node.additionalProperties;
    if (extra === true || (extra && typeof extra === 'object' && Object.keys(extra).length === 0)) {
      spots.push(`${at} takes any keys with values of any shape`);
    } else if (extra && typeof extra === 'object') {
      spots.push(...openSpots(extra, doc, `${at}[key]`, seen));
    } else if (Object.keys(properties).length === 0 && extra !== false) {
      spots.push(`${at} is an object without properties`);
    }
    for (const [name, property] of Object.entries(properties)) {
      spots.push(...openSpots(property, doc, `${at}.${name}`, seen));
    }
  }
  if (types.includes('array')) spots.push(...openSpots(node.items, doc, `${at}[]`, seen));
  return spots;
}

/** Every operation whose success answer is missing or is not a concrete shape, with the reason. */
function contractGaps(doc: Document): string[] {
  const gaps: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      const label = `${method.toUpperCase()} ${path}`;
      const answers = Object.entries(operation.responses ?? {});
      const success = answers.filter(([status]) => /^2\d\d$/.test(status));
      // A route whose only success is a redirect (an OAuth start or callback) answers no body to type.
      if (success.length === 0) {
        if (!answers.some(([status]) => /^3\d\d$/.test(status))) gaps.push(`${label}: no success response`);
        continue;
      }
      for (const [status, response] of success) {
        const media = Object.entries(response.content ?? {});
        if (status === '204') {
          if (media.length > 0) gaps.push(`${label} ${status}: a 204 declares a body`);
          continue;
        }
        if (media.length === 0) gaps.push(`${label} ${status}: no content declared`);
        for (const [type, { schema }] of media) {
          for (const spot of openSpots(schema, doc, 'body')) gaps.push(`${label} ${status} ${type}: ${spot}`);
        }
      }
    }
  }
  return gaps;
}

describe('the OpenAPI contract', () => {
  let database: TestDatabase;
  let doc: Document;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const response = await createTestApp(database.db).request('/api/openapi.json');
    doc = (await response.json()) as Document;
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('gives every route a concrete success answer (GET /api/me included)', () => {
    expect(Object.keys(doc.paths).length).toBeGreaterThan(60);
    expect(doc.paths['/me']?.get?.responses?.['200']?.content?.['application/json']?.schema).toBeDefined();
    expect(contractGaps(doc)).toEqual([]);
  });

  it("documents a creator's refusal on the admin's routes as what it is: not an admin, never not a creator", () => {
    const creatorRefusalsOnAdminRoutes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      path.startsWith('/admin/')
        ? Object.entries(operations ?? {})
            .filter(([, operation]) => operation?.responses?.['403']?.description === 'Not a creator')
            .map(([method]) => `${method.toUpperCase()} ${path}`)
        : [],
    );
    expect(creatorRefusalsOnAdminRoutes).toEqual([]);
    expect(doc.paths['/admin/me/digest']?.get?.responses?.['403']?.description).toBe('Not an admin');
  });

  it('finds an open record, an unknown body, an open nested field and a missing success answer', async () => {
    const planted = new OpenAPIHono();
    const ok = (schema: z.ZodType) => ({
      200: { description: 'ok', content: { 'application/json': { schema } } },
    });
    const route = (path: string, responses: Parameters<typeof createRoute>[0]['responses']) =>
      planted.openapi(createRoute({ method: 'get', path, responses }), (c) => c.json({}, 200) as never);
    route('/record', ok(z.record(z.string(), z.unknown())));
    route('/unknown', ok(z.unknown()));
    route('/nested', ok(z.object({ items: z.array(z.object({ id: z.number(), extra: z.any() })) })));
    route('/nothing', { 404: { description: 'only a failure' } });
    route('/typed', ok(z.object({ id: z.number(), tags: z.record(z.string(), z.string()) })));
    const plantedDoc = planted.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } });

    expect(contractGaps(plantedDoc as unknown as Document)).toEqual([
      'GET /record 200 application/json: body takes any keys with values of any shape',
      'GET /unknown 200 application/json: body accepts anything',
      'GET /nested 200 application/json: body.items[].extra accepts anything',
      'GET /nothing: no success response',
    ]);
  });
});
