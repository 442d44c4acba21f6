import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/** The application as route files see it: schemas are TypeBox, so every handler's request is typed. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * A refusal: answered with its status and message in the error shape of the route's API family.
 * `retryAfterS` becomes the Retry-After header of a 429.
 */
export class HttpError extends Error {
  readonly retryAfterS: number | undefined;
  /** A stable code for clients to act on and word in their reader's language (`two_factor_required`). */
  readonly errorCode: string | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    options: { retryAfterS?: number; cause?: unknown; code?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.retryAfterS = options.retryAfterS;
    this.errorCode = options.code;
  }
}
