import type { Cents } from './money.ts';

/** A missing add-on price counts as $2 (storefront.md §3 Option, §9). */
const DEFAULT_OPTION_PRICE_CENTS: Cents = 200;

export interface PricedOption {
  id: number;
  name: string;
  /** null/undefined: the default add-on price. */
  additionalPriceCents: Cents | null | undefined;
}

export interface PricedGroup {
  id: number;
  name: string;
  minSelect: number;
  maxSelect: number;
  freeOptionCount: number;
  options: PricedOption[];
}

export function optionPrice(option: Pick<PricedOption, 'additionalPriceCents'>): Cents {
  return option.additionalPriceCents ?? DEFAULT_OPTION_PRICE_CENTS;
}

/**
 * What the chosen options of one group add to the unit price. The first `freeOptionCount` choices
 * are free and the free ones are the most expensive (storefront.md §5), so the customer is charged
 * for the cheapest (chosen − free) options.
 */
export function groupCharge(chosen: Pick<PricedOption, 'additionalPriceCents'>[], freeOptionCount: number): Cents {
  const prices = chosen.map(optionPrice).sort((a, b) => b - a);
  return prices.slice(Math.max(0, freeOptionCount)).reduce((sum, price) => sum + price, 0);
}

export interface SelectionProblem {
  groupId: number;
  message: string;
}

/** 'Please select at least N option(s).' — the spec's wording for a group below its minimum. */
export function minSelectMessage(min: number): string {
  return `Please select at least ${min} option(s).`;
}

/**
 * Checks a selection against each group's min/max and that every chosen id belongs to its group.
 * Returns the problems (empty when valid); the caller decides how to show or reject them.
 */
export function validateSelection(groups: PricedGroup[], selected: Record<number, number[]>): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  const known = new Set(groups.map((g) => g.id));
  for (const groupId of Object.keys(selected).map(Number)) {
    if (!known.has(groupId)) problems.push({ groupId, message: 'That option group does not belong to this item.' });
  }
  for (const group of groups) {
    const ids = selected[group.id] ?? [];
    const unique = new Set(ids);
    const validIds = new Set(group.options.map((o) => o.id));
    if (unique.size !== ids.length) problems.push({ groupId: group.id, message: `${group.name}: an option was chosen twice.` });
    if ([...unique].some((id) => !validIds.has(id))) {
      problems.push({ groupId: group.id, message: `${group.name}: that option is not offered.` });
    }
    if (unique.size < group.minSelect) problems.push({ groupId: group.id, message: minSelectMessage(group.minSelect) });
    if (unique.size > group.maxSelect) {
      problems.push({ groupId: group.id, message: `${group.name}: choose at most ${group.maxSelect}.` });
    }
  }
  return problems;
}

export interface UnitPrice {
  /** Base price plus paid add-ons, per unit. */
  unitPriceCents: Cents;
  optionsCents: Cents;
  /** Group name → chosen option names, in the group's option order (the cart's customizations). */
  customizations: Record<string, string[]>;
}

/** The unit price of an item with a (valid) selection: base + the charge of every group. */
export function unitPrice(basePriceCents: Cents, groups: PricedGroup[], selected: Record<number, number[]>): UnitPrice {
  let optionsCents = 0;
  const customizations: Record<string, string[]> = {};
  for (const group of groups) {
    const ids = new Set(selected[group.id] ?? []);
    const chosen = group.options.filter((o) => ids.has(o.id));
    if (chosen.length === 0) continue;
    optionsCents += groupCharge(chosen, group.freeOptionCount);
    customizations[group.name] = chosen.map((o) => o.name);
  }
  return { unitPriceCents: basePriceCents + optionsCents, optionsCents, customizations };
}

/**
 * Choosing an option in a group already at max_select drops the oldest choice (storefront.md §5).
 * `current` is in the order the customer chose; the result keeps that order.
 */
export function toggleOption(current: number[], optionId: number, maxSelect: number): number[] {
  if (current.includes(optionId)) return current.filter((id) => id !== optionId);
  const next = [...current, optionId];
  return next.length > maxSelect ? next.slice(next.length - maxSelect) : next;
}
