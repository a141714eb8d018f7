import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * The storefront's entry pages rendered on the server (docs/storefront-first-paint.md). The web
 * build writes the renderer next to the app (apps/web/dist-ssr/entry-server.js, from
 * src/entry-server.tsx): the same React components, given the public API's answers in-process
 * (app.inject, so a page shows exactly what the API would send the browser). spa.ts puts the markup
 * into index.html's root and the answers beside it for the browser's first render.
 */

/** A rendered page as the renderer hands it back (entry-server.tsx, ServerPage). */
export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The answers it was rendered from, as JSON safe inside a <script> element. */
  state: string;
  /** The image it paints largest first, from those answers; null when none. */
  leadImage: string | null;
  /** The restaurant's colour theme, from its answer. */
  theme: string | null;
}

export type PageRenderer = (restaurantId: number, route: string) => Promise<RenderedPage | null>;

type Answer = (url: string) => Promise<{ status: number; body: string }>;
interface RendererModule {
  renderPage(path: string, restaurantId: number, answer: Answer): Promise<RenderedPage | null>;
  SERVER_RENDERED_PATHS: readonly string[];
}

/** A render slower than this gives up: the page is then sent unrendered (the app renders it). */
export const RENDER_TIMEOUT_MS = 2_000;
/** Beyond this many renders in progress, a request is sent the page unrendered rather than add to them. */
export const MAX_RENDERS_IN_PROGRESS = 8;

/** The renderer of the build in `distDir`'s sibling dist-ssr/, or undefined when it was not built. */
export async function loadPageRenderer(app: FastifyInstance, distDir: string): Promise<PageRenderer | undefined> {
  const entry = path.resolve(distDir, '../dist-ssr/entry-server.js');
  if (!existsSync(entry)) return undefined;
  const renderer = (await import(pathToFileURL(entry).href)) as RendererModule;
  const paths = new Set(renderer.SERVER_RENDERED_PATHS);
  const answer: Answer = async (url) => {
    // Only the public API's reads: the renderer asks for nothing else.
    if (!url.startsWith('/api/v1/')) return { status: 404, body: 'null' };
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.body };
  };
  let inProgress = 0;
  return async (restaurantId, route) => {
    if (!paths.has(route) || inProgress >= MAX_RENDERS_IN_PROGRESS) return null;
    inProgress += 1;
    // Counted until the render itself ends, even when its page has gone out unrendered.
    const rendering = renderer.renderPage(route, restaurantId, answer).finally(() => (inProgress -= 1));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([rendering, timeout]);
    } catch (error) {
      app.log.warn({ err: error, route }, 'server render failed; sending the page unrendered');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
