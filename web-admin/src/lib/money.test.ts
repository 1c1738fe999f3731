import { describe, expect, it } from 'vitest';
import { centsToText, formatCents, textToCents } from './money';

describe('money', () => {
  it.each([
    ['3265,00', 326500],
    ['3265.5', 326550],
    ['0', 0],
    [' 12,05 ', 1205],
    ['12,', 1200],
  ])('reads %s as %d cents', (text, cents) => expect(textToCents(text)).toBe(cents));

  it.each(['', '-1', '1,234', '12a', '1e3'])('refuses %s', (text) => expect(textToCents(text)).toBeUndefined());

  it('writes cents as the field and the page show them', () => {
    expect(centsToText(326505)).toBe('3265,05');
    expect(centsToText(0)).toBe('0,00');
    expect(formatCents(326500)).toBe('3.265,00\u00a0€');
  });
});
