import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { StoredFileContent } from './file-store';

// Uploads arrive as a file's raw bytes with its type in Content-Type and its name in X-File-Name;
// downloads always leave as attachments.

// A content-type parser for an upload: the body stays a stream, stored as it arrives (file-store.ts counts
// its bytes); a body that says it is larger than the limit is refused before any of it is read.
export function refuseDeclaredOversize(
  request: FastifyRequest,
  body: unknown,
  done: (error: Error | null, body?: unknown) => void,
  maxBytes: number,
  tooLargeMessage: string,
) {
  if (Number(request.headers['content-length']) > maxBytes) {
    done(new AppError('payload_too_large', tooLargeMessage));
    return;
  }
  done(null, body);
}

// The upload's bytes as they arrive; a body some other parser read (JSON, say) is no file, so none.
export const uploadBodyOf = (body: unknown): AsyncIterable<Uint8Array> =>
  body instanceof Readable ? body : Readable.from([]);

// A whole body in memory, for the few read at once (a signed webhook event); past maxBytes it is refused.
export async function bytesOf(content: AsyncIterable<Uint8Array>, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of content) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new AppError('payload_too_large', tooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

// "image/png; charset=binary" → "image/png".
export const mediaTypeOf = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() || undefined;

export const fileNameOf = (header: string | string[] | undefined) => {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

// Always a download, never rendered in our origin: someone's HTML or SVG cannot run as our page.
export function sendDownload(
  reply: FastifyReply,
  file: Pick<StoredFileContent, 'contentType' | 'byteSize' | 'content'> & { name: string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.byteSize)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .send(file.content);
}

interface GeneratedFile {
  filename: string;
  contentType: string;
  content: string | Buffer | Readable;
}

// A file the server made (CSV, PDF, ZIP, calendar): its name is ours and plain ASCII, so it goes quoted as
// is; a download unless a calendar app subscribes to it, never kept in a cache.
export function sendGeneratedFile(
  reply: FastifyReply,
  file: GeneratedFile,
  {
    disposition = 'attachment',
    cacheControl = 'no-store',
  }: { disposition?: 'attachment' | 'inline'; cacheControl?: string } = {},
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${disposition}; filename="${file.filename}"`)
    .header('cache-control', cacheControl)
    .send(file.content);
}
