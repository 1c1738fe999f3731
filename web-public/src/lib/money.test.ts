import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney } from './money';

// Intl inserts a no-break space between amount and € in German; normalise for readability.
const norm = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('formatMoney', () => {
  it.each([
    [450, 'de', '450,00 €'],
    [450, 'en', '€450.00'],
    [1234.5, 'de', '1.234,50 €'],
    [1234.5, 'en', '€1,234.50'],
    [0, 'de', '0,00 €'],
    [0.005, 'en', '€0.01'],
    [2700.999, 'en', '€2,701.00'],
    [-15.2, 'de', '-15,20 €'],
  ] as const)('%s in %s is %s', (amount, lang, expected) => {
    expect(norm(formatMoney(amount, lang))).toBe(expected);
  });
});

describe('formatDay', () => {
  it('shows German days as dd.MM.yyyy', () => expect(formatDay('2027-04-01', 'de')).toBe('01.04.2027'));
  it('shows English days with the name of the month', () => expect(formatDay('2027-10-01', 'en')).toBe('1 October 2027'));
  it('leaves unknown input unchanged', () => expect(formatDay('soon', 'en')).toBe('soon'));
});
