import type { ApartmentUpdate } from '../graphql/graphql';

/** What the apartment editor may change: the schema's ApartmentUpdate input. */
export type { ApartmentUpdate };

const FIELDS = ['descriptionDe', 'descriptionEn', 'pricePerMonth', 'priceDeposit', 'priceCleaning'] as const;

/** Picks the editable fields of an apartment (drops __typename, name, floor ...). */
export function toUpdate(a: ApartmentUpdate): ApartmentUpdate {
  return {
    id: a.id,
    descriptionDe: a.descriptionDe,
    descriptionEn: a.descriptionEn,
    pricePerMonth: a.pricePerMonth,
    priceDeposit: a.priceDeposit,
    priceCleaning: a.priceCleaning,
  };
}

/**
 * The apartments to send: those whose edited values differ from the loaded ones, as updates, in id order.
 * Edits of unknown apartments are ignored.
 */
export function changedApartments(
  original: readonly ApartmentUpdate[],
  edited: Readonly<Record<number, ApartmentUpdate>>,
): ApartmentUpdate[] {
  return original
    .filter((o) => {
      const e = edited[o.id];
      return e !== undefined && FIELDS.some((f) => e[f] !== o[f]);
    })
    .map((o) => toUpdate(edited[o.id]))
    .sort((a, b) => a.id - b.id);
}

/** Sorts by id without changing the input. */
export function sortById<T extends { id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.id - b.id);
}

/** The text a price field takes: euros with at most two decimals, a comma or a point before them. */
const AMOUNT = /^\s*\d{1,7}(?:[.,]\d{0,2})?\s*$/;

/** The message for a price field's raw text, or undefined when it is an amount (empty counts as missing). */
export function amountError(text: string): string | undefined {
  if (text.trim() === '') return 'Angabe fehlt.';
  if (!AMOUNT.test(text)) return 'Bitte einen Betrag in Euro eingeben, z. B. 495,00.';
  return undefined;
}
