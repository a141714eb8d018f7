import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { Router } from 'wouter';
import { STOCK_HINT_THRESHOLD } from '@kusina/domain/menu';
import { STOCK_IN_STOCK_THRESHOLD } from '@kusina/domain/merchandise';
import type { Theme } from '@kusina/domain/restaurants';
import { AppRoutes } from './app/app.tsx';
import { SERVER_RENDERED_PAGES } from './app/entry-pages.ts';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { readRenderScopeFrom, type RenderScope } from './lib/restaurant-id.ts';

/**
 * The storefront's entry pages rendered on the server (docs/storefront-first-paint.md): the same
 * components as in the browser, for a visitor who is not signed in and has an empty cart, with the
 * public data the page asks for first already answered. The server (apps/api/src/plugins/spa.ts)
 * writes the markup into index.html's root and the answers next to it (`kusina-state`), so the first
 * screen (the home page's hero, the first dishes and shirts with their pictures) paints with the
 * HTML, before the code has downloaded; the browser then renders the app from the same answers
 * (main.tsx), without asking for them again. Which pages, which answers and which lead image:
 * app/entry-pages.ts.
 */

/** One query the page was rendered from: its key and its answer (the API's JSON, as the browser's fetch parses it). */
export type ServerQuery = [queryKey: QueryKey, answer: unknown];

export interface ServerPage {
  /** The markup of #root. */
  html: string;
  /** The queries the markup was rendered from, as JSON that is safe inside a <script> element. */
  state: string;
  /** The image the page paints largest first, from its answers (entry-pages.ts); null when none. */
  leadImage: string | null;
  /** The restaurant's colour theme, from its answer. */
  theme: Theme | null;
}

/** Answers a GET of the public API in-process: the status and the JSON body. */
export type Answer = (url: string) => Promise<{ status: number; body: string }>;

/** The storefront pages rendered on the server, by the path the router matches. */
export const SERVER_RENDERED_PATHS: readonly string[] = Object.keys(SERVER_RENDERED_PAGES);

// Each render runs in its own scope (the restaurant and the transport of its request): renders
// never wait for one another, and none sees another's restaurant.
const scopes = new AsyncLocalStorage<RenderScope>();
readRenderScopeFrom(() => scopes.getStore());

/**
 * A page is rendered again only when what its markup shows has changed, and reused for at most this
 * long (the bound covers what a page computes from the clock rather than from its data).
 */
const RENDER_REUSE_MS = 60_000;
const rendered = new Map<string, { key: string; at: number; page: ServerPage }>();

/**
 * Stock counts the markup does not spell out: the menu's cards name a count at STOCK_HINT_THRESHOLD
 * or fewer, the shop's at STOCK_IN_STOCK_THRESHOLD or fewer (storefront.md §5, §9); above that a
 * card shows the same whatever the count. An order of a dish with plenty left changes the answer
 * (its stock) but not the page: its render, and the page's compressed copies, are reused.
 */
const SHOWN_COUNT = Math.max(STOCK_HINT_THRESHOLD, STOCK_IN_STOCK_THRESHOLD) + 1;
const COUNTS = new Set(['stock_quantity', 'damaged_quantity', 'available_quantity']);

/** The answers as far as the markup can show them: the key a render is reused by. */
export function shownKey(answers: readonly unknown[]): string {
  return JSON.stringify(answers, (key, value: unknown) => (COUNTS.has(key) && typeof value === 'number' ? Math.min(value, SHOWN_COUNT) : value));
}

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can appear in it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) out += decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
}

/**
 * Renders `path` for `restaurantId` with the public API's answers (`answer`), or answers null when
 * the page is not one rendered here or a query it shows first fails (the browser then renders it).
 */
export async function renderPage(path: string, restaurantId: number, answer: Answer): Promise<ServerPage | null> {
  const declared = SERVER_RENDERED_PAGES[path];
  if (!declared) return null;
  const first = await declared(restaurantId);
  const transport: typeof fetch = async (input) => {
    const { status, body } = await answer(String(input));
    return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
  };
  return scopes.run({ restaurantId, transport }, async () => {
    const client = createQueryClient();
    // Each query's options are typed by its own data; fetching them together needs only key and fn.
    const queries = first.queries as unknown as FetchQueryOptions[];
    let answers: unknown[];
    try {
      answers = await Promise.all(queries.map((options) => client.fetchQuery({ ...options, retry: false })));
    } catch {
      return null;
    }
    const key = shownKey(answers);
    const memoKey = `${restaurantId} ${path}`;
    const last = rendered.get(memoKey);
    if (last && last.key === key && Date.now() - last.at < RENDER_REUSE_MS) return last.page;
    const { prelude } = await prerender(
      <StrictMode>
        <ErrorBoundary>
          <Router ssrPath={path}>
            <AppProviders queryClient={client}>
              <AppRoutes realtime={false} />
            </AppProviders>
          </Router>
        </ErrorBoundary>
      </StrictMode>,
      // React outlines a large finished boundary (a fallback, then a script that swaps the content
      // in): the page is written whole instead.
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    // React puts an image preload ahead of the markup for each image the page asks for first; the
    // server names the page's lead image itself (spa.ts), so they would only compete with it.
    const html = (await streamToString(prelude)).replace(IMAGE_PRELOAD, '');
    // No inline script may run (the CSP forbids them, and the browser renders the app itself).
    if (html.includes('<script')) return null;
    const page: ServerPage = {
      html,
      state: scriptSafeJson(queries.map((options, index): ServerQuery => [options.queryKey, answers[index]])),
      leadImage: first.leadImage(client),
      theme: first.theme(client),
    };
    rendered.set(memoKey, { key, at: Date.now(), page });
    return page;
  });
}
