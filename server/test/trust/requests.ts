import type { Objects, Policy, Req } from './policy.ts';
import type { Route } from './routes.ts';

/** A schema-valid request for any route, from its schema: what the matrix sends before a policy's own values. */

/** A time as the legacy API writes it. */
export const SAMPLE_DATE = '2026-01-01 00:00:00';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | Schema[];
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

/** Strings that satisfy the patterns the schemas use; the first that fits is taken. */
const CANDIDATES = [
  '1',
  '123456',
  'matrix',
  'abcdefghij',
  SAMPLE_DATE,
  '10:00',
  '#112233',
  'text/plain',
  '1.2.3.4',
  'a'.repeat(43),
  'a@b.se',
  '',
];
const FORMATS: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000',
  'date-time': '2026-01-01T00:00:00Z',
  email: 'a@b.se',
};

/** The smallest value the schema accepts: required properties only, first choices, lower bounds. */
export function minimalOf(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.length) return minimalOf(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((k) => [k, minimalOf(schema.properties?.[k]) ?? 'matrix'] as const),
      );
    case 'array': {
      if (Array.isArray(schema.items)) return schema.items.map(minimalOf);
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalOf(schema.items as Schema));
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format];
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
      const re = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
      const fit = CANDIDATES.find((s) => s.length >= min && s.length <= max && (!re || re.test(s)));
      if (fit === undefined) throw new Error(`no sample string for ${JSON.stringify(schema)}`);
      return fit;
    }
    default:
      return schema.default ?? 'matrix';
  }
}

type RouteSchema = { params?: Schema; querystring?: Schema; body?: Schema };

/** The request for a route: its schema's minimum, with the policy's own values on top. */
export function requestOf(
  route: Route,
  policy: Policy,
  objects: Objects,
): Required<Pick<Req, 'params' | 'query'>> & Req {
  const schema = (route.schema ?? {}) as RouteSchema;
  const own = policy.req?.(objects) ?? {};
  const params = {
    ...Object.fromEntries(route.params.map((p) => [p, minimalOf(schema.params?.properties?.[p]) ?? '1'])),
    ...own.params,
  } as Record<string, string | number>;
  const query = { ...(minimalOf(schema.querystring) as object | undefined), ...own.query };
  const body =
    own.raw || route.method === 'GET'
      ? undefined
      : own.body !== undefined && typeof own.body === 'object' && !Array.isArray(own.body)
        ? { ...(minimalOf(schema.body) as object | undefined), ...own.body }
        : (own.body ?? minimalOf(schema.body));
  return { params, query, body, raw: own.raw };
}
