import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { preferredEncoding } from '../lib/compression.ts';
import { getRestaurant, storefrontRestaurantId } from '../modules/restaurants/service.ts';
import { THEME_COLORS, THEMES, type Theme } from '@kusina/domain/restaurants';
import type { PageRenderer, RenderedPage } from './spa-render.ts';
import { withPageMeta, type PageMeta } from './page-meta.ts';

/** A page's link preview for crawlers (page-meta.ts), or null for the app's own meta. */
export type PreviewResolver = (restaurantId: number, urlPath: string) => Promise<PageMeta | null>;

const RESTAURANT_META = /<meta name="kusina-restaurant-id" content="\d*"\s*\/?>/;
const HTML_TAG = /<html lang="en">/;
const THEME_COLOR_META = /<meta name="theme-color" content="#[0-9a-f]+"\s*\/?>/;
/** The page's code: the entry script and index.html's module preloads. */
const CODE_TAGS = /<script type="module"|<link rel="modulepreload"/g;
/** index.html's root with the app's frame in it, up to the end of the body. */
const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The path as the SPA's router matches it: lower case, no trailing slash. */
function normalisedPath(urlPath: string): string {
  return urlPath.toLowerCase().replace(/\/+$/, '') || '/';
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page's compressed copies, made on the threadpool (node:zlib's async functions): brotli at its
 * highest quality takes about 100 ms for the 60 KB index.html here, which on the event loop would
 * hold up every other request, order placement among them (docs/performance/2026-11-29-first-paint-declared-once.md).
 */
async function encode(html: string): Promise<EncodedPage> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz };
}

/** A URL that can go into an attribute as it is: a same-site path or an http(s) address, nothing to escape. */
function safeUrl(url: string | null): string | null {
  return url && /^(\/(?!\/)|https?:\/\/)[^\s"'<>&\\]*$/.test(url) ? url : null;
}

function knownTheme(value: string | null | undefined): Theme | null {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : null;
}

export type ThemeResolver = (restaurantId: number) => Promise<Theme | null>;

/**
 * The restaurant's colour theme for a page that is not rendered (a rendered page has it from its
 * answers): the restaurants service's record. A failure only means the default theme until the app
 * sets its own.
 */
export function themeResolver(app: FastifyInstance): ThemeResolver {
  return async (restaurantId) => {
    try {
      return knownTheme((await getRestaurant(app.deps, restaurantId)).theme);
    } catch (error) {
      app.log.warn({ err: error, restaurantId }, "spa: the restaurant's theme could not be read; the page is sent with the default");
      return null;
    }
  };
}

/**
 * Serves the built SPA. The build writes brotli and gzip copies of every text file
 * (apps/web/vite.config.ts, `precompress`), sent with Content-Encoding to browsers that accept them.
 * Hashed assets (under assets/) are cached for a year as immutable; everything else, the service
 * worker and the manifest at the root above all, is revalidated. Any path that is not an API or
 * asset path is answered with index.html so client routes work on reload; index.html carries the
 * restaurant this host serves (RESTAURANT_HOSTS), read by the SPA at boot, and its theme. A page the web app renders on the server (spa-render.ts) goes
 * out rendered, with the answers it was rendered from and its lead image preloaded; any other is the
 * plain frame the app renders itself (docs/storefront-first-paint.md). Each variant is compressed
 * once, off the event loop, and again only when the render, the image or the theme changes.
 */
export async function registerSpa(app: FastifyInstance, distDir: string, options: { theme?: ThemeResolver; render?: PageRenderer; preview?: PreviewResolver } = {}): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'no built web app found; run `npm run build` to serve the SPA');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  // A rendered page needs the frame's root to put itself in (a build without one is served as is).
  const render = ROOT.test(indexHtml) ? options.render : undefined;
  const pages = new Map<string, { theme: Theme | null; rendered: RenderedPage | null; encoded: Promise<EncodedPage> }>();
  const pageFor = (restaurantId: number, urlPath: string, theme: Theme | null, rendered: RenderedPage | null): Promise<EncodedPage> => {
    // One plain frame per restaurant, and one page per rendered path (the renderer's few paths).
    const key = `${restaurantId} ${rendered ? `rendered ${normalisedPath(urlPath)}` : 'frame'}`;
    const page = pages.get(key);
    // The renderer hands back the same page while what it shows is unchanged (entry-server.tsx).
    if (page && page.theme === theme && page.rendered === rendered) return page.encoded;
    let html = indexHtml.replace(RESTAURANT_META, `<meta name="kusina-restaurant-id" content="${restaurantId}" />`);
    // The restaurant's theme from the first paint: the frame's logo and band in its colours.
    if (theme) html = html.replace(HTML_TAG, `<html lang="en" data-theme="${theme}">`).replace(THEME_COLOR_META, `<meta name="theme-color" content="${THEME_COLORS[theme]}" />`);
    if (rendered) {
      // The page's lead image is its largest paint: asked for before any of the code.
      const image = safeUrl(rendered.leadImage);
      if (image) html = html.replace('<script type="module"', `<link rel="preload" as="image" fetchpriority="high" href="${image}"><script type="module"`);
      // The page rendered on the server in place of the frame, and the queries it was rendered
      // from with their answers for the app's first render (main.tsx reads #kusina-state): after
      // the markup, so they take none of the first paint's bytes. Its code comes after the
      // content: the markup and the first image are what the visitor sees first, so the scripts
      // ask for less than their default (high) priority.
      html = html
        .replace(ROOT, (_, end: string) => `<div id="root">${rendered.html}</div><script type="application/json" id="kusina-state">${rendered.state}</script>${end}`)
        .replace(CODE_TAGS, '$& fetchpriority="low"');
    }
    const encoded = encode(html);
    // Restaurant ids come from configuration (RESTAURANT_HOSTS) and routes from the build's list,
    // never from the request itself: the map stays as small as those (a new render replaces its entry).
    pages.set(key, { theme, rendered, encoded });
    // A failed compression is not kept: the next request tries again.
    encoded.catch(() => pages.get(key)?.encoded === encoded && pages.delete(key));
    return encoded;
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

  // A page with its own link preview (a participant's page): the frame with the preview's meta,
  // compressed per request at a fast setting (its values change as the participant raises money).
  const previewOf = async (restaurantId: number, urlPath: string): Promise<PageMeta | null> => {
    try {
      return (await options.preview?.(restaurantId, urlPath)) ?? null;
    } catch (error) {
      app.log.warn({ err: error }, "spa: a page's link preview could not be read; the page is sent with the app's meta");
      return null;
    }
  };
  const previewPage = async (page: EncodedPage, meta: PageMeta): Promise<EncodedPage> => {
    const identity = Buffer.from(withPageMeta(page.identity.toString('utf8'), meta));
    const [br, gz] = await Promise.all([brotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }), gzipAsync(identity, { level: 6 })]);
    return { identity, br, gzip: gz };
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, urlPath: string) => {
    const restaurantId = storefrontRestaurantId(app.config, request);
    const route = normalisedPath(urlPath);
    // Pages are rendered for a browser's navigation (and for clients that do not say): the service
    // worker's copy of the shell stays the bare frame, which any page may be opened from offline.
    // The shop's query picks its tab and filters: only the plain shop is rendered.
    const mode = request.headers['sec-fetch-mode'];
    const renderable = render && (mode === undefined || mode === 'navigate') && (route !== '/merchandise' || !request.url.includes('?'));
    const rendered = renderable ? await render(restaurantId, route) : null;
    const theme = rendered ? knownTheme(rendered.theme) : options.theme ? await options.theme(restaurantId) : null;
    const preview = options.preview ? await previewOf(restaurantId, urlPath) : null;
    const page = preview ? await previewPage(await pageFor(restaurantId, urlPath, theme, rendered), preview) : await pageFor(restaurantId, urlPath, theme, rendered);
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
