import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { preferredEncoding } from '../lib/compression.ts';
import { storefrontRestaurantId } from '../modules/restaurants/service.ts';
import { THEME_COLORS, type Theme } from '@kusina/domain/restaurants';
import type { FirstImageResolver, ThemeResolver } from './spa-first-image.ts';
import type { PageRenderer, RenderedPage } from './spa-render.ts';

const RESTAURANT_META = /<meta name="kusina-restaurant-id" content="\d*"\s*\/?>/;
const HTML_TAG = /<html lang="en">/;
const THEME_COLOR_META = /<meta name="theme-color" content="#[0-9a-f]+"\s*\/?>/;
/** The page's code: the entry script and its module preloads (index.html's and the route's). */
const CODE_TAGS = /<script type="module"|<link rel="modulepreload"/g;
/** index.html's root with the app's frame in it, up to the end of the body. */
const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Route → the page's code beyond the entry, written by the web build (apps/web/vite.config.ts). */
type RoutePreloads = Record<string, string[]>;

function readRoutePreloads(file: string): RoutePreloads {
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!parsed || typeof parsed !== 'object') return {};
  const routes: RoutePreloads = {};
  for (const [route, files] of Object.entries(parsed as Record<string, unknown>)) {
    if (Array.isArray(files)) routes[route] = files.filter((file): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+\.js$/.test(file));
  }
  return routes;
}

/**
 * The public data a page asks for as soon as it starts, by the same URLs the SPA's queries fetch
 * (apps/web/src/lib/restaurant.ts, features/storefront/api/*): preloaded with the HTML of a page the
 * app renders itself, so each answer is on its way while the code downloads instead of after it has
 * run (a page rendered on the server carries its answers instead, 0083). Every page's layout
 * reads the restaurant and its site settings; the storefront's entry pages their catalog, and home
 * and the menu whether the kitchen is open now. All of it is the same for every visitor (no
 * Authorization, no cookies), so a preloaded answer is the one the page would have fetched. e2e/tests/storefront-speed.spec.ts checks that each is used once.
 */
export function dataPreloads(restaurantId: number, urlPath: string): string[] {
  const id = restaurantId;
  const common = [`/api/v1/restaurants/${id}?include_settings=true`, `/api/v1/admin/site_settings?restaurant_id=${id}`];
  switch (urlPath.toLowerCase().replace(/\/+$/, '') || '/') {
    case '/':
      return [...common, `/api/v1/menu?restaurant_id=${id}&featured=true`, `/api/v1/restaurants/${id}/ordering_status`];
    case '/menu':
    case '/ordering':
      return [...common, `/api/v1/menu?restaurant_id=${id}`, `/api/v1/restaurants/${id}/ordering_status`];
    case '/cart':
      return [...common, `/api/v1/menu?restaurant_id=${id}`];
    case '/merchandise':
      return [...common, `/api/v1/merchandise_items?restaurant_id=${id}&include_stock=true`, `/api/v1/merchandise_collections?restaurant_id=${id}`];
    default:
      return common;
  }
}

/** The path as the SPA's router matches it: lower case, no trailing slash. */
function normalisedPath(urlPath: string): string {
  return urlPath.toLowerCase().replace(/\/+$/, '') || '/';
}

/** The build's route a path belongs to: itself, or its first segment (/order-confirmation/42). */
function routeOf(urlPath: string, preloads: RoutePreloads): string | null {
  const normalised = normalisedPath(urlPath);
  if (preloads[normalised]) return normalised;
  const first = `/${normalised.split('/')[1] ?? ''}`;
  return preloads[first] ? first : null;
}

/**
 * Serves the built SPA. The build writes brotli and gzip copies of every text file
 * (apps/web/vite.config.ts, `precompress`), sent with Content-Encoding to browsers that accept them.
 * Hashed assets (under assets/) are cached for a year as immutable; everything else, the service
 * worker and the manifest at the root above all, is revalidated. Any path that is not an API or asset path is
 * answered with index.html so client routes work on reload; index.html carries the restaurant this
 * host serves (RESTAURANT_HOSTS), read by the SPA at boot, and modulepreload links for the code of
 * the storefront page asked for (route-preloads.json from the build), so that page's chunk arrives
 * with the entry, its public data (dataPreloads, or, for a page rendered here, the answers it was
 * rendered from inside it) and, when `firstImage` knows it, the image the page paints first (its LCP
 * element, spa-first-image.ts) as a high-priority image preload; each variant is compressed once,
 * and rebuilt when that image or the rendered page changes.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  options: { firstImage?: FirstImageResolver; theme?: ThemeResolver; render?: PageRenderer } = {},
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'no built web app found; run `npm run build` to serve the SPA');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const preloads = readRoutePreloads(path.join(distDir, 'route-preloads.json'));
  // A rendered page needs the frame's root to put itself in (a build without one is served as is).
  const render = ROOT.test(indexHtml) ? options.render : undefined;
  const pages = new Map<string, EncodedPage & { image: string | null; theme: Theme | null; rendered: RenderedPage | null }>();
  const pageFor = (restaurantId: number, urlPath: string, image: string | null, theme: Theme | null, rendered: RenderedPage | null): EncodedPage => {
    const route = routeOf(urlPath, preloads);
    // A rendered page carries its answers (#kusina-state); only a page the app renders itself
    // has its data preloaded.
    const data = rendered ? [] : dataPreloads(restaurantId, urlPath);
    // (Rendered pages are the renderer's few paths: the map stays as small as before.)
    const key = `${restaurantId} ${route ?? ''} ${rendered ? `rendered ${normalisedPath(urlPath)}` : data.join(' ')}`;
    let page = pages.get(key);
    const sameRender = page?.rendered === rendered || (page?.rendered?.html === rendered?.html && page?.rendered?.state === rendered?.state);
    if (!page || page.image !== image || page.theme !== theme || !sameRender) {
      const imageLink = image ? `<link rel="preload" as="image" fetchpriority="high" href="${image}">` : '';
      const links =
        (rendered ? '' : imageLink) +
        data.map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`).join('') +
        (route ? (preloads[route] ?? []) : []).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
      let html = indexHtml.replace(RESTAURANT_META, `<meta name="kusina-restaurant-id" content="${restaurantId}" />`).replace('</head>', `${links}</head>`);
      // A rendered page's first image is its largest paint: asked for before any of the code.
      if (rendered && imageLink) html = html.replace('<script type="module"', `${imageLink}<script type="module"`);
      // The restaurant's theme from the first paint: the frame's logo and band in its colours.
      if (theme) html = html.replace(HTML_TAG, `<html lang="en" data-theme="${theme}">`).replace(THEME_COLOR_META, `<meta name="theme-color" content="${THEME_COLORS[theme]}" />`);
      // The page rendered on the server in place of the frame, and the queries it was rendered
      // from with their answers for the app's first render (main.tsx reads #kusina-state): after
      // the markup, so they take none of the first paint's bytes.
      // Its code comes after the content: the markup and the first image are what the visitor
      // sees first, so the scripts ask for less than their default (high) priority.
      if (rendered) {
        html = html
          .replace(
            ROOT,
            (_, end: string) => `<div id="root">${rendered.html}</div><script type="application/json" id="kusina-state">${rendered.state}</script>${end}`,
          )
          .replace(CODE_TAGS, '$& fetchpriority="low"');
      }
      const identity = Buffer.from(html);
      page = {
        image,
        theme,
        rendered,
        identity,
        br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
      };
      // Restaurant ids come from configuration (RESTAURANT_HOSTS), routes from the build's list and
      // data URLs from the few pages above, never from the request itself: the map stays as small as
      // those (a changed image replaces its page's entry).
      pages.set(key, page);
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

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, urlPath: string) => {
    const restaurantId = storefrontRestaurantId(app.config, request);
    const route = normalisedPath(urlPath);
    // The shop's query picks its tab and filters: only the plain page's first card is known here.
    const knowable = route !== '/merchandise' || !request.url.includes('?');
    // Pages are rendered for a browser's navigation (and for clients that do not say): the service
    // worker's copy of the shell stays the bare frame, which any page may be opened from offline.
    const mode = request.headers['sec-fetch-mode'];
    // The three lookups are independent: the page waits for the slowest, not for their sum.
    const [image, theme, rendered] = await Promise.all([
      options.firstImage && knowable ? options.firstImage(restaurantId, route) : null,
      options.theme ? options.theme(restaurantId) : null,
      render && knowable && (mode === undefined || mode === 'navigate') ? render(restaurantId, route) : null,
    ]);
    const page = pageFor(restaurantId, urlPath, image, theme, rendered);
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
    return sendIndex(request, reply, urlPath);
  });
}
