import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * The storefront's entry pages rendered on the server (decision 0077). The web build writes the
 * renderer next to the app (apps/web/dist-ssr/entry-server.js, from src/entry-server.tsx): the
 * same React components, given the public API's answers in-process (app.inject, so a page shows
 * exactly what the API would send the browser). spa.ts puts the markup into index.html's root and
 * the answers beside it for the browser's first render.
 */

/** The markup of #root and the answers it was rendered from (JSON, for the page's query cache). */
export interface RenderedPage {
  html: string;
  state: string;
}

export type PageRenderer = (restaurantId: number, route: string) => Promise<RenderedPage | null>;

type Answer = (url: string) => Promise<{ status: number; body: string }>;
interface RendererModule {
  renderPage(path: string, restaurantId: number, answer: Answer): Promise<{ html: string; queries: unknown[] } | null>;
  SERVER_RENDERED_PATHS: readonly string[];
}

/** A render slower than this gives up: the page is then sent as before (the app renders it). */
export const RENDER_TIMEOUT_MS = 2_000;
/** Requests waiting for a render beyond this many are sent the page unrendered, never queued. */
export const MAX_WAITING_RENDERS = 8;

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can appear in it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

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
  // The renderer hands back the same page while its answers are unchanged: it is written out once.
  const written = new WeakMap<object, RenderedPage>();
  const write = (page: { html: string; queries: unknown[] }): RenderedPage => {
    let out = written.get(page);
    if (!out) written.set(page, (out = { html: page.html, state: scriptSafeJson(page.queries) }));
    return out;
  };
  // One render at a time (the renderer keeps the restaurant it renders for as module state).
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return async (restaurantId, route) => {
    if (!paths.has(route) || waiting >= MAX_WAITING_RENDERS) return null;
    waiting += 1;
    // The queue follows the render itself, so a render that outlasts its timeout still finishes
    // before the next one starts.
    const rendering = queue.then(() => renderer.renderPage(route, restaurantId, answer));
    queue = rendering.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
    });
    try {
      const page = await Promise.race([rendering, timeout]);
      return page ? write(page) : null;
    } catch (error) {
      app.log.warn({ err: error, route }, 'server render failed; sending the page unrendered');
      return null;
    } finally {
      clearTimeout(timer);
      waiting -= 1;
    }
  };
}
