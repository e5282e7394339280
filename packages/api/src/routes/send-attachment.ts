import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../documents/file-type.ts';

/**
 * A file to save, never to show in place or keep in a shared cache. A stream is sent as it is
 * read, so a large export is never held whole.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: string | Readable },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
