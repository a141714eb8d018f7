import { describe, expect, it } from 'vitest';
import { formatUSD } from './money.ts';

describe('formatUSD', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  it('writes cents as en-US dollars, exactly as Intl does', () => {
    const samples = [0, 1, 5, 10, 99, 100, 101, 1_050, 99_999, 100_000, 123_456, 1_234_567, 100_000_000, 2_147_483_647];
    for (let n = 0; n < 2_000; n += 7) samples.push(n * 113);
    for (const cents of samples) {
      expect(formatUSD(cents)).toBe(intl.format(cents / 100));
      expect(formatUSD(-cents || -1)).toBe(intl.format((-cents || -1) / 100));
    }
  });

  it('names thousands and the sign', () => {
    expect(formatUSD(123_456_78)).toBe('$123,456.78');
    expect(formatUSD(-300)).toBe('-$3.00');
    expect(formatUSD(7)).toBe('$0.07');
  });
});
