import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0 flavour) the route schemas use. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
}

/** One operation to fuzz: its method, path template (`:name`, `*`), parameters and body. */
export interface Operation {
  method: string;
  path: string;
  pathParams: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  /** The JSON body schema, when the operation takes one. */
  body: JsonSchema | undefined;
  /** Called with the integration's API key rather than a session (OpenAPI `security`). */
  integration: boolean;
}

/**
 * Real values to mix in by field or parameter name (a key that exists, the owner's e-mail), so
 * requests get past lookups into deeper code; every name falls back to some list.
 */
export type KnownValues = (name: string | undefined) => readonly (string | number)[];

/** A request as `app.inject` takes it, plus who sends it (for the report). */
export interface HostileRequest {
  caller: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
}

// ------------------------------------------------------------------------- hostile leaves

/** Strings that have broken parsers, databases, logs or renderers somewhere. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'A\u0000B',
  '\u202eevil\u202c',
  '\u2066isolate\u2069',
  '\u200b\u200d\ufeff',
  // Lone surrogates: not text at all once encoded as UTF-8.
  '\ud800',
  '\udfff',
  'a\udc00b',
  '🧨💥'.repeat(8),
  'e\u0301\u0301\u0301',
  '../../../../etc/passwd',
  '..%2F..%2F',
  '%',
  '%00',
  '%E0%A4%A',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '${jndi:ldap://example.invalid/a}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'line\r\nX-Injected: yes',
  '\\',
  '*',
  '?',
  '#',
];

/** Numbers at and beyond every edge a schema or a database column has. */
const NASTY_NUMBERS = [
  -1,
  0,
  -0,
  1.5,
  0.1,
  1e-320,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e308,
  -1e308,
];

const hugeString = fc
  .constantFrom(300, 5_000, 70_000, 400_000)
  .chain((length) => fc.constantFrom('x', 'é', '\u202e', '9').map((c) => c.repeat(length)));

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

/** Objects and arrays nested deeper than any schema (deeper still as text: see DEEP_JSON). */
const deeplyNested = fc.tuple(fc.constantFrom(50, 1_000), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});

/** A value of the wrong type, at the wrong size, or with keys that poison prototypes. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deeplyNested },
  {
    weight: 1,
    arbitrary: fc.array(fc.constantFrom(1, 'a', null), { minLength: 1_000, maxLength: 5_000 }),
  },
);

// ------------------------------------------------------------------------- from JSON Schema

/**
 * How values are made: `plausible` ones keep to the schema and prefer real values, so requests
 * reach the code behind validation and lookups; `hostile` ones put a wrong value in any field.
 */
interface Style {
  known: KnownValues;
  hostile: boolean;
}

/** Values the schema accepts (in the hostile style, mostly), with real values mixed in. */
function schemaValue(schema: JsonSchema, style: Style, field?: string): fc.Arbitrary<unknown> {
  const value = plainSchemaValue(schema, style, field);
  return schema.nullable ? fc.option(value, { nil: null, freq: 8 }) : value;
}

function plainSchemaValue(
  schema: JsonSchema,
  style: Style,
  field: string | undefined,
): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => schemaValue(v, style, field)));
  if (schema.allOf?.length) return schemaValue(Object.assign({}, ...schema.allOf), style, field);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const types = [schema.type ?? []].flat();
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => schemaValue({ ...schema, type }, style, field)));
  }
  switch (types[0]) {
    case 'string':
      return stringFor(schema, style, field);
    case 'integer':
    case 'number':
      return numberFor(schema, style, field, types[0] === 'integer');
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fieldValue(schema.items ?? {}, style, field), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectFor(schema, style);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A property or item: what its schema asks for, and in the hostile style now and then not. */
function fieldValue(
  schema: JsonSchema,
  style: Style,
  field: string | undefined,
): fc.Arbitrary<unknown> {
  const value = schemaValue(schema, style, field);
  return style.hostile
    ? fc.oneof({ weight: 8, arbitrary: value }, { weight: 1, arbitrary: hostileValue })
    : value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function stringFor(schema: JsonSchema, style: Style, field: string | undefined) {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const shape = schema.format === 'uuid' ? UUID : schema.pattern && new RegExp(schema.pattern);
  const generated = shape
    ? fc.stringMatching(shape)
    : fc.oneof(
        fc.string({ minLength, maxLength }),
        fc.string({ minLength, maxLength, unit: 'grapheme' }),
      );
  const known = style
    .known(field)
    .filter((value) => typeof value === 'string')
    .filter((value) => style.hostile || !shape || shape.test(value));
  if (known.length === 0) return generated;
  return fc.oneof(
    { weight: style.hostile ? 3 : 1, arbitrary: generated },
    { weight: style.hostile ? 2 : 3, arbitrary: fc.constantFrom(...known) },
  );
}

function numberFor(
  schema: JsonSchema,
  style: Style,
  field: string | undefined,
  integer: boolean,
): fc.Arbitrary<number> {
  const lowest = schema.minimum ?? numericBound(schema.exclusiveMinimum) ?? -1_000_000;
  const highest = schema.maximum ?? numericBound(schema.exclusiveMaximum) ?? 1_000_000;
  const min = Math.max(lowest, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(highest, Number.MAX_SAFE_INTEGER);
  const between = (low: number, high: number) =>
    integer
      ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
      : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
  // The edges themselves, and in the hostile style just past them.
  const edges = (style.hostile ? [min, max, min - 1, max + 1] : [min, max]).filter(Number.isFinite);
  const known = style
    .known(field)
    .filter((value): value is number => typeof value === 'number')
    .filter((value) => style.hostile || (value >= min && value <= max));
  return fc.oneof(
    { weight: 2, arbitrary: between(min, max) },
    // Near the low end, where sizes, versions and counts that exist are.
    { weight: 2, arbitrary: between(min, Math.min(max, min + 100)) },
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
    ...(known.length ? [{ weight: 3, arbitrary: fc.constantFrom(...known) }] : []),
  );
}

const numericBound = (bound: number | boolean | undefined) =>
  typeof bound === 'number' ? bound : undefined;

function objectFor(schema: JsonSchema, style: Style): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        fieldValue(property, style, name),
      ]),
    ),
    { requiredKeys: [...required].filter((name) => name in properties) },
  );
  if (!style.hostile) return record;
  // Unknown fields ride along now and then; they must be ignored, never trusted.
  return fc
    .tuple(
      record,
      fc.option(fc.dictionary(hostileString, hostileValue, { maxKeys: 2 }), { freq: 4 }),
    )
    .map(([value, extra]) => (extra ? { ...extra, ...value } : value));
}

// ------------------------------------------------------------------------- bodies

interface RawBody {
  payload: string | Buffer | undefined;
  contentType: string | undefined;
}

const JSON_TYPE = 'application/json';

/** Valid JSON nested far deeper than any schema, for the parser and the validators. */
const DEEP_JSON = [
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
];
const UNCLOSED_JSON = ['['.repeat(100_000), '{"a":'.repeat(50_000)];
/** Over the 1 MiB body limit. */
const OVER_LIMIT_JSON = `"${'x'.repeat(1_100_000)}"`;

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'Application/JSON',
  'application/json;;;',
  'application/octet-stream',
  'image/png',
  '*/*',
  'application/json, text/plain',
];

/** JSON text that is not quite JSON. */
const malformedJson = (valid: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.nat({ max: Math.max(valid.length - 1, 0) }).map((end) => valid.slice(0, end)),
    fc.constantFrom(
      `${valid},`,
      `${valid}}`,
      `\ufeff${valid}`,
      valid.replaceAll('"', "'"),
      '{"a":1,}',
      '{a:1}',
      '[1,2',
      'NaN',
      '{"a":NaN}',
      '{"a":Infinity}',
      '{"a":01}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"a":"\\x41"}',
      '"just a string"',
      'null',
      '',
      ' ',
      '\u0000',
      ...UNCLOSED_JSON,
    ),
  );

/** `{"__proto__": …}` and friends in the JSON text itself, where JSON.parse keeps them as keys. */
const pollutedJson = (valid: string): fc.Arbitrary<string> =>
  fc
    .constantFrom(
      '"__proto__":{"role":"admin","isAdmin":true}',
      '"constructor":{"prototype":{"role":"admin"}}',
      '"__proto__":null',
      '"__proto__":[1]',
      '"hasOwnProperty":1,"toString":"x","valueOf":{}',
    )
    .map((poison) =>
      valid.startsWith('{') && valid !== '{}' ? `{${poison},${valid.slice(1)}` : `{${poison}}`,
    );

const plausibleBody = (schema: JsonSchema | undefined, style: Style): fc.Arbitrary<RawBody> =>
  (schema ? schemaValue(schema, style) : fc.constant({})).map((value) => ({
    payload: JSON.stringify(value),
    contentType: JSON_TYPE,
  }));

/** A body for an operation: JSON that is nearly right, and every way of getting a body wrong. */
function hostileBody(schema: JsonSchema | undefined, style: Style): fc.Arbitrary<RawBody> {
  const value = schema ? schemaValue(schema, style) : fc.jsonValue({ maxDepth: 3 });
  const json = fc
    .oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: hostileValue })
    .map((v) => JSON.stringify(v) ?? 'null');
  return fc.oneof(
    { weight: 10, arbitrary: json.map((payload) => ({ payload, contentType: JSON_TYPE })) },
    {
      weight: 2,
      arbitrary: json.chain(malformedJson).map((payload) => ({ payload, contentType: JSON_TYPE })),
    },
    {
      weight: 2,
      arbitrary: json.chain(pollutedJson).map((payload) => ({ payload, contentType: JSON_TYPE })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(json, fc.constantFrom(...WRONG_CONTENT_TYPES))
        .map(([payload, contentType]) => ({ payload, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 2_000 })
        .map((bytes) => ({ payload: Buffer.from(bytes), contentType: JSON_TYPE })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...DEEP_JSON, OVER_LIMIT_JSON)
        .map((payload) => ({ payload, contentType: JSON_TYPE })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<RawBody>(
        { payload: undefined, contentType: undefined },
        { payload: undefined, contentType: JSON_TYPE },
        { payload: '{}', contentType: undefined },
      ),
    },
  );
}

// ------------------------------------------------------------------------- URLs

/**
 * Percent-encodes the UTF-8 bytes of any text; unlike encodeURIComponent it takes lone surrogates
 * too (as U+FFFD, which is what a client's encoder sends for them).
 */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.~]/.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** Path parameter text: a real key now and then, else schema-shaped or hostile; mostly encoded. */
function pathSegment(schema: JsonSchema, style: Style, name: string): fc.Arbitrary<string> {
  const value = schemaValue(schema, style, name).map(String);
  if (!style.hostile) return value.map(percentEncode);
  const text = fc.oneof({ weight: 3, arbitrary: value }, { weight: 2, arbitrary: hostileString });
  return fc.oneof(
    { weight: 6, arbitrary: text.map(percentEncode) },
    {
      weight: 1,
      // Left as typed: percent signs, dots and slashes reach the router raw.
      arbitrary: fc.constantFrom(
        '%',
        '%E0%A4%A',
        '..',
        '.',
        '%2e%2e',
        'a%2Fb',
        '%00',
        '%ZZ',
        'a;b',
      ),
    },
  );
}

/** What a list is asked for: the params its schema names, at absurd values, repeated, or unknown. */
function queryFor(params: Record<string, JsonSchema>, style: Style): fc.Arbitrary<string> {
  if (!style.hostile) {
    const entries = Object.entries(params).map(([name, schema]) =>
      fc.option(
        schemaValue(schema, style, name).map((value) => [[name, String(value)]]),
        { nil: [] },
      ),
    );
    return fc
      .tuple(...entries)
      .map((pairs) => new URLSearchParams(pairs.flat() as [string, string][]).toString());
  }
  const absurd = fc.constantFrom(
    '-1',
    '0',
    '1e9',
    '1e309',
    '99999999999999999999',
    '1.5',
    'NaN',
    'Infinity',
    '0x10',
    ' 1',
    '',
    'true',
    '[object Object]',
  );
  const entry = (name: string, schema: JsonSchema) =>
    fc.option(
      fc
        .oneof(
          { weight: 4, arbitrary: schemaValue(schema, style, name).map(String) },
          { weight: 2, arbitrary: absurd },
          { weight: 1, arbitrary: hostileString },
        )
        .chain((value) =>
          fc.oneof(
            { weight: 8, arbitrary: fc.constant([[name, value]] as [string, string][]) },
            // The same parameter twice arrives as an array.
            {
              weight: 1,
              arbitrary: fc.constant([
                [name, value],
                [name, '2'],
              ] as [string, string][]),
            },
          ),
        ),
      { nil: [], freq: 3 },
    );
  const junk = fc.option(
    fc.constantFrom<[string, string][]>(
      [['__proto__', 'x']],
      [['__proto__[role]', 'admin']],
      [['constructor[prototype][role]', 'admin']],
      [['page[]', '1']],
      [['unknown', 'x'.repeat(10_000)]],
    ),
    { nil: [], freq: 6 },
  );
  return fc
    .tuple(fc.tuple(...Object.entries(params).map(([name, schema]) => entry(name, schema))), junk)
    .map(([entries, extra]) => new URLSearchParams([...entries.flat(), ...extra]).toString());
}

export type Callers = fc.Arbitrary<{ caller: string; headers: Record<string, string> }>;

/**
 * Every request an operation may get: a third plausible (a caller the route admits, values the
 * schemas accept, real keys), two thirds hostile (anyone, with anything wrong anywhere).
 */
export function requestFor(
  operation: Operation,
  options: { known: KnownValues; anyone: Callers; admitted: Callers },
): fc.Arbitrary<HostileRequest> {
  return fc.oneof(
    {
      weight: 1,
      arbitrary: styledRequest(operation, options.admitted, {
        known: options.known,
        hostile: false,
      }),
    },
    {
      weight: 2,
      arbitrary: styledRequest(operation, options.anyone, { known: options.known, hostile: true }),
    },
  );
}

function styledRequest(
  operation: Operation,
  callers: Callers,
  style: Style,
): fc.Arbitrary<HostileRequest> {
  const names = [...operation.path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const segments = fc.tuple(
    ...names.map((name) =>
      name === '*'
        ? fc
            .array(pathSegment({ type: 'string' }, style, name), { maxLength: 4 })
            .map((parts) => parts.join('/'))
        : pathSegment(operation.pathParams[name] ?? { type: 'string' }, style, name),
    ),
  );
  const takesBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(operation.method);
  const body: fc.Arbitrary<RawBody> = !takesBody
    ? fc.constant({ payload: undefined, contentType: undefined })
    : style.hostile
      ? hostileBody(operation.body, style)
      : plausibleBody(operation.body, style);
  return fc
    .record({ who: callers, segments, query: queryFor(operation.query, style), body })
    .map(({ who, segments: values, query, body: raw }) => {
      let i = 0;
      const path = operation.path.replace(/:(\w+)|\*/g, () => values[i++]!);
      return {
        caller: who.caller,
        method: operation.method,
        url: query ? `${path}?${query}` : path,
        headers: {
          ...who.headers,
          ...(raw.contentType ? { 'content-type': raw.contentType } : {}),
        },
        payload: raw.payload,
      };
    });
}
