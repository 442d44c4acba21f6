import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type BuildValidator = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;
type Compile = (route: { schema: unknown; httpPart?: string }) => unknown;
type Pool = (externalSchemas: unknown, options?: { customOptions?: Record<string, unknown> }) => Compile;

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
    return (route) => (route.httpPart === 'body' ? strict : coercing)(route);
  };
  return build as unknown as BuildValidator;
}
