import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@fieldwatch/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http.ts';

import { IMAGE_CSP } from '../plugins/securityHeaders.ts';
import { ImageRejected, sniffAvatar } from './images.ts';
import { boundaryOf, MultipartError, type Part, parseMultipart } from './multipart.ts';

/** An upload body as the scope's parsers hand it over: raw image bytes, or a multipart body to read. */
export type UploadBody = Buffer | { multipart: Buffer; contentType: string } | undefined;

/**
 * Lets the routes of one scope take images: multipart/form-data, or the raw image with its type as
 * the content type (as the avatar calls accept). Whole bodies, capped by `limit` bytes.
 */
export function acceptImageBodies(scope: FastifyInstance, opts: { types: readonly string[]; limit: number }) {
  scope.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: opts.limit },
    (request, body, done) => done(null, { multipart: body, contentType: request.headers['content-type'] ?? '' }),
  );
  scope.addContentTypeParser(
    [...opts.types, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: opts.limit },
    (_request, body, done) => done(null, body),
  );
}

/** Avatar bodies up to 8 MB are read, so that 1–8 MB answers 'Image size exceeded' rather than a generic 413. */
const AVATAR_BODY_LIMIT = 8 * 1024 * 1024;

/** Lets the routes of one scope take avatars: the user's own and those an administrator sets read alike. */
export function acceptAvatarBodies(scope: FastifyInstance) {
  acceptImageBodies(scope, { types: AVATAR_TYPES, limit: AVATAR_BODY_LIMIT });
}

/** The parts of a multipart body; a malformed one is a 400. */
export function multipartParts(body: { multipart: Buffer; contentType: string }): Part[] {
  try {
    return parseMultipart(body.multipart, boundaryOf(body.contentType));
  } catch (e) {
    if (e instanceof MultipartError) throw new HttpError(400, e.message);
    throw e;
  }
}

/**
 * An avatar or logo upload, checked by its content: none is 'Missing parameters', more
 * than AVATAR_MAX_BYTES or AVATAR_MAX_SIDE pixels a side is 'Image size exceeded' (413), anything
 * but PNG, JPEG or WebP is a 415. The stored type is the sniffed one, never the client's header.
 */
export function avatarImage(data: Buffer | undefined): { data: Buffer; type: string } {
  if (!data || data.length === 0) throw new HttpError(400, 'Missing parameters');
  if (data.length > AVATAR_MAX_BYTES) throw new HttpError(413, 'Image size exceeded');
  try {
    return { data, type: sniffAvatar(data).type };
  } catch (e) {
    if (e instanceof ImageRejected) throw new HttpError(e.reason === 'unsupported' ? 415 : 413, e.message);
    throw e;
  }
}

/** The raw bytes of an image body; a multipart body answers with its `field` part. */
export function imageBytes(body: UploadBody, field: string): Buffer | undefined {
  if (Buffer.isBuffer(body)) return body;
  if (body && typeof body === 'object' && 'multipart' in body)
    return multipartParts(body).find((p) => p.name === field)?.data;
  return undefined;
}

const IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * Serves a stored image: cacheable for a year when the URL names its version (?v=), otherwise
 * revalidated by ETag. Never sniffed, never run: an image opened on its own is only a picture.
 */
export function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: { data: Buffer; type: string; etag: string },
) {
  const versioned = Boolean((request.query as { v?: string } | undefined)?.v);
  reply
    .header('etag', image.etag)
    .header('cache-control', versioned ? IMMUTABLE : 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', IMAGE_CSP)
    .header('content-disposition', 'inline');
  if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
  return reply.type(image.type).send(image.data);
}
