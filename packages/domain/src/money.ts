/** Money is integer cents everywhere; dollars exist only at the edges (display, spec payloads). */
export type Cents = number;

export function dollarsToCents(dollars: number | string): Cents {
  const value = typeof dollars === 'string' ? Number(dollars) : dollars;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${String(dollars)}`);
  return Math.round(value * 100);
}

export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

/**
 * '$1,234.50', '-$3.00': what Intl.NumberFormat('en-US', USD) writes, without it. The first Intl
 * formatter a page creates loads the browser's locale data (a long task on a phone, on every
 * storefront page, since this module is in the storefront's first chunks); US dollars need none of it.
 */
export function formatUSD(cents: Cents): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const dollars = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
