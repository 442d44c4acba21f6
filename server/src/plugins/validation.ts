import { createRequire } from 'node:module';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyServerOptions } from 'fastify';
import { unstorable } from '../db/storable.ts';
import { HttpError } from '../http.ts';

type BuildValidator = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;
type Compile = (route: { schema: unknown; httpPart?: string }) => unknown;
type Pool = (externalSchemas: unknown, options?: { customOptions?: Record<string, unknown> }) => Compile;
type BuildSerializer = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']
>;
type SerializerPool = (externalSchemas: unknown, options?: unknown) => (route: unknown) => (data: unknown) => string;

/**
 * Fastify's own Ajv validator with one change: request bodies are not type-coerced. Fastify's
 * default (coerceTypes 'array') turns a JSON {"username": 123} into "123" and ["u"] into "u"; a
 * body field of the wrong type must be refused with 400 instead. Query strings, path parameters
 * and headers are text, so they keep coercion. (A future route with a text body, such as a form,
 * converts its fields itself.)
 */
export function bodyStrictValidator(): BuildValidator {
  // The validator factory fastify ships with, resolved from fastify itself (not a dependency of ours).
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const { AjvCompiler } = fromFastify('@fastify/ajv-compiler') as { AjvCompiler: () => Pool };
  const pool = AjvCompiler();
  const build: Pool = (externalSchemas, options) => {
    const coercing = pool(externalSchemas, options);
    const strict = pool(externalSchemas, {
      ...options,
      customOptions: { ...options?.customOptions, coerceTypes: false },
    });
    return (route) => {
      const bounded = { ...route, schema: withIntegerBounds(route.schema) };
      const compile = route.httpPart === 'body' ? strict : coercing;
      return storableOnly(
        onFirstUse(() => compile(bounded) as Validate),
        route.httpPart,
      );
    };
  };
  return build as unknown as BuildValidator;
}

/**
 * Fastify's own response serializer (fast-json-stringify), each route's compiled on its first answer
 * as its validators are (`onFirstUse`).
 */
export function lazySerializer(): BuildSerializer {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as {
    SerializerSelector: () => SerializerPool;
  };
  const pool = SerializerSelector();
  const build: SerializerPool = (externalSchemas, options) => {
    const compile = pool(externalSchemas, options);
    return (route) => {
      let serialize: ((data: unknown) => string) | undefined;
      return (data) => {
        serialize ??= compile(route);
        return serialize(data);
      };
    };
  };
  return build as unknown as BuildSerializer;
}

/**
 * A validator compiled when it is first called. The app declares some 600 schemas; compiling all of
 * them at start cost a second of CPU at every start (each instance of a rolling deploy, each test's
 * app) for routes an instance may never be asked. A route's first request compiles its own (a few
 * milliseconds), and every schema is still compiled and checked by the tests that call each route.
 */
function onFirstUse(compile: () => Validate): Validate {
  let validate: Validate | undefined;
  const run: Validate = (data) => {
    validate ??= compile();
    const ok = validate(data);
    run.errors = validate.errors;
    return ok;
  };
  return run;
}

/** The largest PostgreSQL integer, the type of every id, count and index we store. */
export const INT4_MAX = 2147483647;

/**
 * Every integer a request carries is an id, a count or an index stored as PostgreSQL's integer: one
 * outside its range would fail in the database (a 500) instead of with a 400 here.
 */
const INT4 = { minimum: -INT4_MAX - 1, maximum: INT4_MAX };
function withIntegerBounds(schema: unknown): unknown {
  return JSON.parse(
    JSON.stringify(schema, (_key, value) => (value?.type === 'integer' ? { ...INT4, ...value } : value)),
  );
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/**
 * What a schema lets through but the database cannot store, refused with 400 instead of failing
 * there (a 500): Ajv coerces the text "1e309" to Infinity and passes it as an integer, PostgreSQL
 * text cannot hold the NUL character or a lone UTF-16 surrogate, and free-form JSON nested
 * thousands deep overflows stacks. In a query string, a percent-escape that is not UTF-8 (%ED%A0%80,
 * a surrogate) is refused too: the query parser keeps it as literal text instead of failing.
 */
function storableOnly(validate: Validate, httpPart: string | undefined): Validate {
  const checked: Validate = (data) => {
    const ok = validate(data);
    checked.errors = validate.errors;
    const bad = ok ? (unstorable(data) ?? (httpPart === 'querystring' ? undecodable(data) : undefined)) : undefined;
    if (bad === undefined) return ok;
    checked.errors = [{ instancePath: bad.path, keyword: 'type', params: {}, message: bad.message }];
    return false;
  };
  return checked;
}

const ESCAPES = /(?:%[0-9a-f]{2})+/gi;

/** The first query value (or item of one) holding a run of percent-escapes that is not UTF-8. */
function undecodable(query: unknown): { path: string; message: string } | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  for (const [key, value] of Object.entries(query)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text !== 'string') continue;
      for (const [run] of text.matchAll(ESCAPES)) {
        try {
          decodeURIComponent(run);
        } catch {
          return { path: `/${key}`, message: 'must be valid UTF-8 (a percent-escape does not decode)' };
        }
      }
    }
  }
  return undefined;
}

/**
 * An id as the database stores it (PostgreSQL integer): a whole number from 1 to 2147483647, given
 * as a number or as digits. Anything else is a 400 naming the field, never an id that fails there.
 */
export function parseId(value: number | string, field: string): number {
  const text = String(value).trim();
  const id = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > INT4_MAX) throw new HttpError(400, `${field}: an id is a whole number from 1 to ${INT4_MAX}`);
  return id;
}

/** A comma-joined id list ('1,2, 3'; blank entries skipped), every entry an id as `parseId` reads it. */
export function parseIdList(text: string | undefined, field: string): number[] {
  if (!text) return [];
  return text
    .split(',')
    .filter((entry) => entry.trim() !== '')
    .map((entry) => parseId(entry, field));
}

/**
 * The schema with unknown keys refused (400) instead of dropped: Fastify's Ajv removes the keys that
 * `additionalProperties: false` forbids (removeAdditional) and lets the call pass. For a body that
 * replaces a whole record, a misspelt key or an unknown record key (patternProperties) would then
 * silently erase data. Validation only: the route keeps the original schema's static type.
 */
export function refusingUnknownKeys<T extends TSchema>(schema: T): T {
  const never = { not: {} };
  return JSON.parse(
    JSON.stringify(schema, (_key, value) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      const closed =
        value.additionalProperties === false || (value.patternProperties && value.additionalProperties === undefined);
      return closed ? { ...value, additionalProperties: never } : value;
    }),
  );
}
