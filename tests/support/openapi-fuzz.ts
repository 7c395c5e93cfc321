/**
 * Inputs for the OpenAPI-driven fuzz test: a plausible value for a JSON schema (so that one bad field at a time
 * reaches the code behind validation), and the bad values tried in its place.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
};

export interface OpenApiOperation {
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: JsonSchema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Values for fields whose rule is a pattern, by the field's name. */
const BY_NAME: Record<string, unknown> = {
  email: 'fuzz@example.com',
  paypalEmail: 'fuzz.pay@example.com',
  phoneNumber: '415-555-0134',
  shippingPhone: '415-555-0134',
  zipCode: '94105',
  imageUrl: '/images/campaigns/fuzz.svg',
  code: '123456',
  deadline: '2030-01-31',
  postUrl: 'https://www.instagram.com/p/fuzz/',
  url: 'https://www.instagram.com/p/fuzz/',
  username: 'fuzz',
  password: 'fuzzy password 1',
};

export function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    return resolve(doc.components?.schemas?.[name], doc);
  }
  return schema;
}

/** A value that passes `schema` as far as its JSON Schema says (patterns are met through BY_NAME). */
export function sample(schema: JsonSchema | undefined, doc: OpenApiDocument, name = ''): unknown {
  const s = resolve(schema, doc);
  if (name in BY_NAME) {
    const known = BY_NAME[name];
    return s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) ? [known] : known;
  }
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return sample(s.anyOf[0], doc, name);
  if (s.oneOf?.length) return sample(s.oneOf[0], doc, name);
  if (s.allOf?.length) return sample(s.allOf[0], doc, name);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(s.properties ?? {})) out[key] = sample(value, doc, key);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sample(s.items, doc, name));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'date') return '2030-01-31';
      if (s.format === 'date-time') return '2030-01-31T12:00:00.000Z';
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uri' || s.format === 'url') return 'https://example.com/fuzz';
      return 'fuzz'.padEnd(Math.max(4, s.minLength ?? 0), 'z');
    default:
      return 'fuzz';
  }
}

/** Nested arrays `depth` deep, as JSON text (built as text: JSON.stringify would recurse that deep). */
export const deepJson = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

const ONE_MB = 'm'.repeat(1024 * 1024);

/** Bad values for one field (any type): wrong types, control characters, huge numbers, odd unicode. */
export const BAD_VALUES: Array<[string, unknown]> = [
  ['null', null],
  ['true', true],
  ['object', { nested: { deeper: 'x' } }],
  ['array', ['x', 1, null]],
  ['number', 42],
  ['negative', -1],
  ['fraction', 1.5],
  ['huge number', 1e308],
  ['past 2^63', 9.3e18],
  ['numeric string', '12345678901234567890123'],
  ['empty', ''],
  ['NUL', 'a\u0000b'],
  ['control characters', 'line\u0007\u001b[31m\u0008'],
  ['unicode', '𝓜𝓲𝓷𝓽 🙂 שלום \u202e\u200b'],
  ['lone surrogate', '\ud800x'],
  ['long string', 'x'.repeat(20_000)],
  ['script', '<script>alert(1)</script>$&$1$`'],
];

/** Whole bodies that are not what any route wants. */
export const BAD_BODIES: Array<[string, string]> = [
  ['malformed JSON', '{"a":'],
  ['JSON null', 'null'],
  ['JSON array', '[]'],
  ['JSON string', '"text"'],
  ['JSON number', '1e999'],
  ['deep nesting', deepJson(50_000)],
  ['deep object', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
  ['1 MB string', JSON.stringify({ value: ONE_MB })],
  ['NUL key', '{"\\u0000":"x"}'],
  ['duplicate keys', '{"a":1,"a":2}'],
];

/** Bad values for a path or query parameter, already URL-encoded. */
export const BAD_PARAMS: Array<[string, string]> = [
  ['word', 'abc'],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['exponent', '1e999'],
  ['past 2^63', '99999999999999999999999'],
  ['NUL', '%00'],
  ['control', 'a%07%1B'],
  ['unicode', '%F0%9F%99%82%E2%80%AE'],
  ['bad escape', '%E0%A4%A'],
  ['long', 'x'.repeat(5_000)],
  ['script', '%3Cscript%3E'],
];

/** Signs of an internal error leaking into an answer. */
export const STACK_TRACE =
  /\n\s+at |node_modules|\/src\/|Error: .*\n|DrizzleQueryError|invalid byte sequence/;
