import { describe, expect, it } from 'vitest';
import { formatCents } from './billing';

describe('formatCents', () => {
  it('writes integer cents as dollars with two decimals', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(100000000)).toBe('$1,000,000.00');
    expect(formatCents(-500)).toBe('-$5.00');
  });
});
