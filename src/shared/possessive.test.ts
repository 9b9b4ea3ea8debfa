import { describe, expect, it } from 'vitest';
import { possessive } from './possessive';

describe('possessive', () => {
  it('adds ’s to a name, and the apostrophe alone to one ending in s', () => {
    expect(possessive('Ada Lovelace')).toBe('Ada Lovelace’s');
    expect(possessive('Northwind Outfitters')).toBe('Northwind Outfitters’');
    expect(possessive('ACME LABS')).toBe('ACME LABS’');
    expect(possessive('Tandem')).toBe('Tandem’s');
  });
});
