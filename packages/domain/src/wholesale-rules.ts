/**
 * The fundraiser cart's pure helpers, kept apart from wholesale.ts (no zod): the header's cart
 * store imports them, and it is on the home route's first download.
 */

/** Group id (as the JSON key) → chosen option ids. */
export type OptionSelection = Record<string, number[]>;

/** A variant's key: the chosen option ids, ascending, joined by '-' (order of choice never matters). */
export function variantKey(optionIds: readonly number[]): string {
  return [...new Set(optionIds)].sort((a, b) => a - b).join('-');
}

/** Drops empty groups and duplicate ids, so equal selections compare equal. */
export function normaliseSelection(selection: OptionSelection): OptionSelection {
  const out: OptionSelection = {};
  for (const [group, ids] of Object.entries(selection)) {
    const unique = [...new Set(ids)];
    if (unique.length > 0) out[group] = unique;
  }
  return out;
}

/** Two selections name the same options (order of choice ignored). */
export function sameSelection(a: OptionSelection, b: OptionSelection): boolean {
  const na = normaliseSelection(a);
  const nb = normaliseSelection(b);
  const keys = new Set([...Object.keys(na), ...Object.keys(nb)]);
  for (const k of keys) {
    if (variantKey(na[k] ?? []) !== variantKey(nb[k] ?? [])) return false;
  }
  return true;
}

/**
 * A cart stored in an old option format — options as a list or comma-separated values instead of
 * group id → option ids — is cleared (§4). True when the stored lines are all of the current format.
 */
export function isCurrentCartFormat(lines: unknown): boolean {
  if (!Array.isArray(lines)) return false;
  return lines.every((line) => {
    const options = (line as { options?: unknown })?.options;
    if (options === undefined) return true;
    if (options === null || typeof options !== 'object' || Array.isArray(options)) return false;
    return Object.values(options).every((ids) => Array.isArray(ids) && ids.every((id) => Number.isInteger(id)));
  });
}


/**
 * Whether a fundraiser takes orders on `today` (the restaurant's calendar date, YYYY-MM-DD):
 * status current and, when it has an end date, not past it. The end date is the last whole day of
 * sales in the restaurant's zone (decision 0110); a fundraiser past it is closed as an ended one is.
 */
export function fundraiserTakesOrders(f: { status: string; endDate: string | null }, today: string): boolean {
  return f.status === 'current' && (f.endDate === null || f.endDate >= today);
}
