/** Euro amounts as the office types and reads them; the API counts integer cents. */

const EUROS = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** Cents as German euros, e.g. 326500 → "3.265,00 €". */
export function formatCents(cents: number): string {
  return EUROS.format(cents / 100);
}

/** Cents as the text of an amount field, e.g. 326500 → "3265,00". */
export function centsToText(cents: number): string {
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The cents of an amount field's text (euros, at most two decimals, comma or point), counted without
 * floats: "12,5" → 1250; undefined when the text is no amount.
 */
export function textToCents(text: string): number | undefined {
  const m = /^\s*(\d{1,7})(?:[.,](\d{0,2}))?\s*$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
