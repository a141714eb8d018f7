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

let cached: number | null = null;

/** Resolved once per page load; the host does not change while the app runs. */
export function getRestaurantId(): number {
  cached ??= resolveRestaurantId();
  return cached;
}

/** The server-side render (entry-server.tsx) renders for the restaurant of the request's host. */
export function setRestaurantId(id: number): void {
  cached = id;
}
