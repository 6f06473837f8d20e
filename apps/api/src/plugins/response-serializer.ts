import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as checkingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type ResponseSchema = $ZodType | { properties: $ZodType };
type Serialize = (data: unknown) => string;
type JsonSchema = { [keyword: string]: unknown };

/**
 * Answers are written by serialisers compiled once per response schema at start: the route's zod
 * schema becomes JSON Schema, and fast-json-stringify turns that into a function that writes only
 * the declared fields. Its output is exactly JSON.stringify of the zod-parsed answer: undeclared
 * fields dropped, absent optional fields left out, fields in declaration order. A schema whose
 * answer such a function could not reproduce exactly (a transform, a default, a union of objects,
 * an optional field before a required one …) keeps the checking serialiser, which parses the
 * answer with zod and then stringifies it. Schemas are shared by many routes, so each is compiled
 * once.
 */
export function createResponseSerializerCompiler(): FastifySerializerCompiler<ResponseSchema> {
  const compiled = new WeakMap<$ZodType, Serialize | null>();
  return (route) => {
    const schema = zodSchemaOf(route.schema);
    if (!schema) return checkingSerializerCompiler(route);
    let serialize = compiled.get(schema);
    if (serialize === undefined) {
      serialize = compileResponseSerializer(schema) ?? null;
      compiled.set(schema, serialize);
    }
    // The checking serialiser names the route in its errors, so it is made per route.
    return serialize ?? checkingSerializerCompiler(route);
  };
}

/** The compiled serialiser for a response schema, or undefined where it would not be exact. */
export function compileResponseSerializer(schema: $ZodType): Serialize | undefined {
  if (!isExactlyRepresentable(schema, 'value')) return undefined;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      // OpenAPI 3.0 writes a nullable field as `nullable: true`, which the serialiser handles
      // itself, where JSON Schema's `anyOf: [T, null]` would need a validator at run time.
      target: 'openapi-3.0',
      unrepresentable: 'throw',
    }) as JsonSchema;
  } catch {
    // What JSON Schema cannot express (a bigint or undefined literal …) keeps the checking one.
    return undefined;
  }
  let prepared: JsonSchema;
  try {
    prepared = forSerialisation(json);
  } catch (error) {
    if (error instanceof NotExact) return undefined;
    throw error;
  }
  return fastJsonStringify(prepared);
}

const zodSchemaOf = (schema: unknown): $ZodType | undefined => {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties instanceof $ZodType ? properties : undefined;
};

class NotExact extends Error {}

/**
 * Whether the compiled serialiser writes what JSON.stringify writes for every answer the zod
 * schema accepts. `place`: a property's undefined is left out by both; elsewhere (an array item,
 * the whole answer) JSON.stringify would write null, or nothing at all.
 */
function isExactlyRepresentable(schema: $ZodType, place: 'value' | 'property'): boolean {
  const def = schema._zod.def as unknown as {
    type: string;
    innerType: $ZodType;
    element: $ZodType;
    shape: Record<string, $ZodType>;
    catchall?: $ZodType;
    keyType: $ZodType;
    valueType: $ZodType;
    options: $ZodType[];
  };
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'enum':
    case 'literal':
    case 'template_literal':
      return true;
    case 'unknown':
    case 'any':
      return place === 'property';
    case 'optional':
      return place === 'property' && isExactlyRepresentable(def.innerType, place);
    case 'nullable':
    case 'readonly':
      return isExactlyRepresentable(def.innerType, place);
    case 'array':
      return isExactlyRepresentable(def.element, 'value');
    case 'object':
      return (
        (def.catchall === undefined ||
          def.catchall._zod.def.type === 'never' ||
          isExactlyRepresentable(def.catchall, 'property')) &&
        Object.values(def.shape).every((field) => isExactlyRepresentable(field, 'property'))
      );
    case 'record':
      return isExactlyRepresentable(def.valueType, 'property');
    case 'union':
      // zod answers the first option that parses; for literals and enums the value alone decides.
      return def.options.every((option) => ['literal', 'enum'].includes(option._zod.def.type));
    default:
      // Transforms, pipes, defaults, catches, dates, tuples, intersections, lazy schemas …
      return false;
  }
}

/**
 * The keywords that decide how a value is written — type, nullable, properties, required, items,
 * additionalProperties — and nothing else: checks such as patterns or bounds are for validation.
 */
function forSerialisation(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  if (Array.isArray(node.anyOf)) {
    // A union of literals or enums (see isExactlyRepresentable): one type, written as that type.
    const types = new Set((node.anyOf as JsonSchema[]).map((option) => option.type));
    const [type] = types;
    if (types.size !== 1 || typeof type !== 'string') throw new NotExact();
    out.type = type;
  } else if (node.type !== undefined) {
    out.type = node.type;
  }
  if (node.nullable === true) out.nullable = true;
  if (node.properties) {
    const properties: Record<string, JsonSchema> = {};
    for (const [key, value] of Object.entries(node.properties as Record<string, JsonSchema>)) {
      properties[key] = forSerialisation(value);
    }
    out.properties = properties;
    // A field that may hold anything may hold undefined, which is left out like an absent one.
    const required = ((node.required as string[] | undefined) ?? []).filter(
      (key) => properties[key]?.type !== undefined,
    );
    // The serialiser writes required fields first; zod keeps the declared order.
    const keys = Object.keys(properties);
    const firstOptional = keys.findIndex((key) => !required.includes(key));
    if (firstOptional >= 0 && keys.slice(firstOptional).some((key) => required.includes(key))) {
      throw new NotExact();
    }
    if (required.length > 0) out.required = required;
  }
  if (node.items !== undefined) {
    if (typeof node.items !== 'object' || Array.isArray(node.items)) throw new NotExact();
    out.items = forSerialisation(node.items as JsonSchema);
  }
  const additional = node.additionalProperties;
  if (additional !== undefined && additional !== false) {
    out.additionalProperties =
      typeof additional === 'object' ? forSerialisation(additional as JsonSchema) : additional;
  }
  if (node.$ref !== undefined || node.allOf !== undefined || node.oneOf !== undefined) {
    throw new NotExact();
  }
  return out;
}
