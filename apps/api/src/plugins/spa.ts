import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { storefrontRestaurantId } from '../modules/restaurants/service.ts';

const RESTAURANT_META = /<meta name="kusina-restaurant-id" content="\d*"\s*\/?>/;

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, and any
 * path that is not an API or asset path answered with index.html so client routes work on reload.
 * index.html carries the restaurant this host serves (RESTAURANT_HOSTS), read by the SPA at boot.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'no built web app found; run `npm run build` to serve the SPA');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath.startsWith('/socket.io') || path.extname(urlPath)) {
      // A real file (or an unknown one) under the SPA's folder; unknown ones get the JSON 404.
      const file = path.join(distDir, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
      if (!urlPath.startsWith('/api/') && file.startsWith(distDir) && existsSync(file)) return reply.sendFile(urlPath.slice(1));
      return reply.callNotFound();
    }
    const restaurantId = storefrontRestaurantId(app.config, request);
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml.replace(RESTAURANT_META, `<meta name="kusina-restaurant-id" content="${restaurantId}" />`));
  });
}
