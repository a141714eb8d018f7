/**
 * The shop's fundraiser list (GET /wholesale/fundraisers without a search), kept serialized per
 * restaurant: it is the shop's front page, it changes only when an admin edits fundraisers,
 * participants or items (this node forgets it at once; other nodes within TTL_MS), and building it
 * costs three queries and a validation per request.
 */
const TTL_MS = 5_000;
const entries = new Map<number, { json: string; at: number }>();

export function cachedFundraiserList(restaurantId: number): string | null {
  const entry = entries.get(restaurantId);
  return entry && Date.now() - entry.at < TTL_MS ? entry.json : null;
}

export function rememberFundraiserList(restaurantId: number, json: string): void {
  entries.set(restaurantId, { json, at: Date.now() });
}

export function forgetFundraiserLists(): void {
  entries.clear();
}
