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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatUSD(cents: Cents): string {
  return usd.format(cents / 100);
}
