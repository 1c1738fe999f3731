import { describe, expect, it } from 'vitest';
import { groupByLetter, letterOf, visibleLetterGroups } from './renters';

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
