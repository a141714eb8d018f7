import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { Router } from 'wouter';
import { AppRoutes } from './app/app.tsx';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { AppProviders } from './app/providers.tsx';
import { getFeaturedMenuItemsQueryOptions } from './features/menu/api/get-featured-menu-items.ts';
import { getMerchandiseCollectionsQueryOptions } from './features/merchandise/api/get-merchandise-collections.ts';
import { getMerchandiseItemsQueryOptions } from './features/merchandise/api/get-merchandise-items.ts';
import { getOrderingStatusQueryOptions } from './features/menu/api/get-ordering-status.ts';
import { setTransport } from './lib/api-client.ts';
import { getMenuQueryOptions } from './lib/menu.ts';
import { createQueryClient } from './lib/query-client.ts';
import { getRestaurantQueryOptions, getSiteSettingsQueryOptions } from './lib/restaurant.ts';
import { setRestaurantId } from './lib/restaurant-id.ts';

/**
 * The storefront's entry pages rendered on the server (decision 0077): the same components as in
 * the browser, for a visitor who is not signed in and has an empty cart, with the public data the
 * page asks for first already answered. The server (apps/api/src/plugins/spa.ts) writes the markup
 * into index.html's root and the answers next to it (`kusina-state`), so the first screen (the
 * home page's hero, the first dishes and shirts with their pictures) paints with the HTML, before
 * the code has downloaded; the browser then renders the app from the same answers (main.tsx),
 * without asking for them again, and its first commit replaces the server's markup with the same.
 */

/**
 * One query the page was rendered from: its key and its answer (the API's JSON, as the browser's
 * fetch would parse it). spa.ts writes them after the markup, so the browser adopts the page from
 * the very answers it was rendered from, without asking the server for them again (decision 0083).
 */
export type ServerQuery = [queryKey: QueryKey, answer: unknown];

export interface ServerPage {
  /** The markup of #root. */
  html: string;
  /** The queries the markup was rendered from, for the browser's query cache. */
  queries: ServerQuery[];
}

/** Answers a GET of the public API in-process: the status and the JSON body. */
export type Answer = (url: string) => Promise<{ status: number; body: string }>;

/** The storefront pages rendered on the server, by the path the router matches. */
export const SERVER_RENDERED_PATHS = ['/', '/menu', '/ordering', '/merchandise'] as const;

/**
 * A page rendered from the same answers is reused for this long; the bound covers what a page
 * computes from the clock rather than from its data.
 */
const RENDER_REUSE_MS = 60_000;
const rendered = new Map<string, { key: string; at: number; page: ServerPage }>();

/** The queries a page shows first, the same URLs as spa.ts's data preloads for an unrendered page. */
function firstQueries(path: string, restaurantId: number): FetchQueryOptions[] | null {
  const queries = firstQueryOptions(path, restaurantId);
  // Each query's options are typed by its own data; fetching them together only needs key and fn.
  return queries as unknown as FetchQueryOptions[] | null;
}

function firstQueryOptions(path: string, restaurantId: number) {
  const common = [getRestaurantQueryOptions(restaurantId), getSiteSettingsQueryOptions(restaurantId)];
  switch (path) {
    case '/':
      return [...common, getFeaturedMenuItemsQueryOptions(restaurantId), getOrderingStatusQueryOptions(restaurantId)];
    case '/menu':
    case '/ordering':
      return [...common, getMenuQueryOptions(restaurantId), getOrderingStatusQueryOptions(restaurantId)];
    case '/merchandise':
      return [...common, getMerchandiseItemsQueryOptions(restaurantId), getMerchandiseCollectionsQueryOptions(restaurantId)];
    default:
      return null;
  }
}

const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) out += decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
}

/**
 * Renders `path` for `restaurantId`, or answers null when the page is not one rendered here or a
 * query it shows first fails (the browser then renders it as before). Renders one at a time: the
 * restaurant and the transport are module state (spa.ts queues the calls).
 */
export async function renderPage(path: string, restaurantId: number, answer: Answer): Promise<ServerPage | null> {
  const queries = firstQueries(path, restaurantId);
  if (!queries) return null;
  setRestaurantId(restaurantId);
  const bodies = new Map<string, string>();
  let asked = '';
  setTransport(async (input) => {
    asked = String(input);
    const { status, body } = await answer(asked);
    bodies.set(asked, body);
    return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
  });
  const client = createQueryClient();
  const answered: [queryKey: QueryKey, url: string][] = [];
  try {
    // One after the other, to know which URL answers which query.
    for (const options of queries) {
      await client.fetchQuery({ ...options, retry: false });
      answered.push([options.queryKey, asked]);
    }
  } catch {
    return null;
  }
  // The same answers as the last render of this page, not long ago: the same page.
  const key = [...bodies.entries()].sort(([a], [b]) => a.localeCompare(b)).flat().join('\n');
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
  // server names the page's first image itself (spa.ts), so they would only compete with it.
  const html = (await streamToString(prelude)).replace(IMAGE_PRELOAD, '');
  // No inline script may run (the CSP forbids them, and the browser renders the app itself).
  if (html.includes('<script')) return null;
  // The answers as the browser's fetch would parse them, read only for a new render.
  const page = { html, queries: answered.map(([queryKey, url]): ServerQuery => [queryKey, JSON.parse(bodies.get(url) ?? 'null')]) };
  rendered.set(memoKey, { key, at: Date.now(), page });
  return page;
}
