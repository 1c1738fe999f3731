import type { RentersByLetterQuery } from '../graphql/graphql';

/** A letter with its renters, as rentersByLetter answers. */
export type LetterGroup = RentersByLetterQuery['rentersByLetter'][number];
export type RenterSummary = LetterGroup['renters'][number];

const byName = (a: RenterSummary, b: RenterSummary) =>
  a.lastName.localeCompare(b.lastName, 'de') || a.firstName.localeCompare(b.firstName, 'de') || a.id - b.id;

/** The groups to show: letters without renters are hidden, letters in order, renters by last then first name. */
export function visibleLetterGroups(groups: readonly LetterGroup[]): LetterGroup[] {
  return groups
    .filter((g) => g.renters.length > 0)
    .map((g) => ({ letter: g.letter, renters: [...g.renters].sort(byName) }))
    .sort((a, b) => a.letter.localeCompare(b.letter, 'de'));
}

/** The letter heading of a last name: its first letter, upper case, umlauts folded (Ä → A); '#' if none. */
export function letterOf(lastName: string): string {
  const first = lastName.trim().charAt(0);
  if (!first) return '#';
  const folded = first.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
  return /^[A-Z]$/.test(folded) ? folded : '#';
}

/** Groups a flat list of renters under the letters of their last names; only letters with renters appear. */
export function groupByLetter(renters: readonly RenterSummary[]): LetterGroup[] {
  const map = new Map<string, RenterSummary[]>();
  for (const r of renters) {
    const l = letterOf(r.lastName);
    map.set(l, [...(map.get(l) ?? []), r]);
  }
  return visibleLetterGroups([...map].map(([letter, rs]) => ({ letter, renters: rs })));
}

/** Folds a text for searching: lower case, umlauts and accents as their base letter. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * The groups with only the renters matching every word of the search in their name, e-mail address
 * or one of their apartments' names (apartmentsOf by renter id); an empty search keeps everybody.
 */
export function searchRenters(
  groups: readonly LetterGroup[],
  search: string,
  apartmentsOf: ReadonlyMap<number, readonly string[]> = new Map(),
): LetterGroup[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  const matches = (r: RenterSummary) => {
    const haystack = fold([r.firstName, r.lastName, r.email, ...(apartmentsOf.get(r.id) ?? [])].join(' '));
    return words.every((w) => haystack.includes(w));
  };
  return groups.map((g) => ({ letter: g.letter, renters: g.renters.filter(matches) })).filter((g) => g.renters.length > 0);
}
