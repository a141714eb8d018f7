import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encoding to answer with, from Accept-Encoding: brotli first, then gzip (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/** Below this a compressed body saves less than its header costs. */
const MIN_BYTES = 1024;

/**
 * An onSend hook for large JSON reads a phone polls (the shop's items every 10 s): the serialized
 * body is compressed for browsers that accept it, at a fast level (brotli 4, gzip 6: a 35 KB list
 * takes about a millisecond and shrinks tenfold). The menu has its own copy compressed once per
 * cache fill (0007); static files are compressed at build time (0040).
 */
export function compressJsonResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void): void {
  if (typeof payload !== 'string' || Buffer.byteLength(payload) < MIN_BYTES || reply.statusCode !== 200) {
    done(null, payload);
    return;
  }
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) {
    done(null, payload);
    return;
  }
  reply.header('content-encoding', encoding);
  done(null, encoding === 'br' ? brotliCompressSync(payload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(payload, { level: 6 }));
}
