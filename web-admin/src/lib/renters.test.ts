import { describe, expect, it } from 'vitest';
import { groupByLetter, letterOf, searchRenters, visibleLetterGroups } from './renters';

const r = (id: number, firstName: string, lastName: string) => ({ id, firstName, lastName, email: `${id}@example.org` });

describe('visibleLetterGroups', () => {
  it('hides letters without renters and orders letters and names', () => {
    const groups = visibleLetterGroups([
      { letter: 'M', renters: [r(2, 'Max', 'Müller'), r(1, 'Anna', 'Meier')] },
      { letter: 'B', renters: [] },
      { letter: 'A', renters: [r(3, 'Jonas', 'Abel')] },
    ]);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'M']);
    expect(groups[1].renters.map((x) => x.lastName)).toEqual(['Meier', 'Müller']);
  });

  it('gives nothing for no renters', () => {
    expect(visibleLetterGroups([{ letter: 'X', renters: [] }])).toEqual([]);
  });
});

describe('groupByLetter', () => {
  it('groups by the folded first letter of the last name', () => {
    const groups = groupByLetter([r(1, 'Eva', 'Özdemir'), r(2, 'Tom', 'Ober'), r(3, 'Lea', 'zimmer'), r(4, 'X', '')]);
    expect(groups.map((g) => [g.letter, g.renters.map((x) => x.id)])).toEqual([
      ['#', [4]],
      ['O', [2, 1]],
      ['Z', [3]],
    ]);
  });

  it.each([
    ['Ärger', 'A'],
    ['über', 'U'],
    ['Schmidt', 'S'],
    [' 1st', '#'],
  ])('letterOf(%s) = %s', (name, letter) => {
    expect(letterOf(name)).toBe(letter);
  });
});

describe('searchRenters', () => {
  const renter = (id: number, firstName: string, lastName: string, email: string) => ({ __typename: 'RenterSummary' as const, id, firstName, lastName, email });
  const groups = [
    { letter: 'M', renters: [renter(1, 'Jörg', 'Müller', 'joerg@example.org'), renter(2, 'Erika', 'Mustermann', 'erika@uni.de')] },
    { letter: 'S', renters: [renter(3, 'Anna', 'Schmidt', 'anna@example.org')] },
  ];
  const apartments = new Map([[3, ['A12', 'B04']]]);
  const ids = (found: ReturnType<typeof searchRenters>) => found.flatMap((g) => g.renters.map((r) => r.id));

  it.each([
    ['', [1, 2, 3]],
    ['muller', [1]],
    ['JÖRG', [1]],
    ['uni.de', [2]],
    ['example.org', [1, 3]],
    ['b04', [3]],
    ['anna a12', [3]],
    ['anna a13', []],
  ])('%s finds %j', (search, want) => {
    expect(ids(searchRenters(groups as never, search, apartments))).toEqual(want);
  });

  it('drops letters left without renters', () => {
    expect(searchRenters(groups as never, 'schmidt').map((g) => g.letter)).toEqual(['S']);
  });
});
