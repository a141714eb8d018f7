import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { preferredEncoding } from '../lib/compression.ts';
import { storefrontRestaurantId } from '../modules/restaurants/service.ts';

const RESTAURANT_META = /<meta name="kusina-restaurant-id" content="\d*"\s*\/?>/;

interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Serves the built SPA. The build writes brotli and gzip copies of every text file
 * (apps/web/vite.config.ts, `precompress`), sent with Content-Encoding to browsers that accept them.
 * Hashed assets (under assets/) are cached for a year as immutable; everything else, the service
 * worker and the manifest at the root above all, is revalidated. Any path that is not an API or asset path is
 * answered with index.html so client routes work on reload; index.html carries the restaurant this
 * host serves (RESTAURANT_HOSTS), read by the SPA at boot, and is compressed once per restaurant.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'no built web app found; run `npm run build` to serve the SPA');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const pages = new Map<number, EncodedPage>();
  const pageFor = (restaurantId: number): EncodedPage => {
    let page = pages.get(restaurantId);
    if (!page) {
      const identity = Buffer.from(indexHtml.replace(RESTAURANT_META, `<meta name="kusina-restaurant-id" content="${restaurantId}" />`));
      page = {
        identity,
        br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
      };
      // Restaurant ids come from configuration (RESTAURANT_HOSTS), never from the request itself.
      pages.set(restaurantId, page);
    }
    return page;
  };

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const page = pageFor(storefrontRestaurantId(app.config, request));
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
  };

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath.startsWith('/socket.io') || path.extname(urlPath)) {
      // A real file (or an unknown one) under the SPA's folder; unknown ones get the JSON 404.
      const file = path.join(distDir, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
      if (!urlPath.startsWith('/api/') && file.startsWith(distDir) && existsSync(file)) return reply.sendFile(urlPath.slice(1));
      return reply.callNotFound();
    }
    return sendIndex(request, reply);
  });
}
