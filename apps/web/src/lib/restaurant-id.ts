/**
 * The restaurant this storefront serves (storefront.md §1): the server writes it into
 * <meta name="kusina-restaurant-id"> per host; otherwise the last one kept in local storage as
 * restaurantId; otherwise 1. Whatever wins is stored back as restaurantId.
 */
export const RESTAURANT_ID_STORAGE_KEY = 'restaurantId';
export const DEFAULT_RESTAURANT_ID = 1;

function parseId(value: string | null | undefined): number | null {
  if (!value) return null;
  const id = Number(value.trim());
  return Number.isInteger(id) && id > 0 ? id : null;
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(RESTAURANT_ID_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function resolveRestaurantId(): number {
  const meta = document.querySelector('meta[name="kusina-restaurant-id"]')?.getAttribute('content');
  const id = parseId(meta) ?? parseId(readStorage()) ?? DEFAULT_RESTAURANT_ID;
  try {
    localStorage.setItem(RESTAURANT_ID_STORAGE_KEY, String(id));
  } catch {
    // Private mode or a full quota: the id still works for this visit.
  }
  return id;
}

/** What one server render is for: the restaurant of the request's host, and how its queries reach the API. */
export interface RenderScope {
  restaurantId: number;
  transport: typeof fetch;
}

let renderScope: () => RenderScope | undefined = () => undefined;

/**
 * The server's renderer (entry-server.tsx) says once, when it loads, where the current render's
 * scope is found (its AsyncLocalStorage): renders for different restaurants can then run at the
 * same time, each seeing its own. In the browser there is none.
 */
export function readRenderScopeFrom(source: () => RenderScope | undefined): void {
  renderScope = source;
}

/** The scope of the server render in progress, if any. */
export function currentRenderScope(): RenderScope | undefined {
  return renderScope();
}

let cached: number | null = null;

/**
 * Resolved once per page load; the host does not change while the app runs. A server render
 * (entry-server.tsx) renders for the restaurant of its request's host (its scope).
 */
export function getRestaurantId(): number {
  const scope = currentRenderScope();
  if (scope) return scope.restaurantId;
  cached ??= resolveRestaurantId();
  return cached;
}
