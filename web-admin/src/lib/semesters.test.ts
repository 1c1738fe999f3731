import { describe, expect, it } from 'vitest';
import { initialSemester, sortSemesters } from './semesters';

const s = (id: number, startsInDays: number, current = false) => ({ id, startsInDays, current });

describe('sortSemesters', () => {
  it('sorts by startsInDays descending', () => {
    expect(sortSemesters([s(1, -200), s(2, 160), s(3, -20)]).map((x) => x.id)).toEqual([2, 3, 1]);
  });
  it('does not change its input', () => {
    const input = [s(1, 1), s(2, 2)];
    sortSemesters(input);
    expect(input.map((x) => x.id)).toEqual([1, 2]);
  });
});

describe('initialSemester', () => {
  it('chooses the current semester', () => {
    expect(initialSemester(sortSemesters([s(1, -200), s(2, 160), s(3, -20, true)]))?.id).toBe(3);
  });
  it('else the first in the sorted list', () => {
    expect(initialSemester(sortSemesters([s(1, -200), s(2, 160), s(3, -20)]))?.id).toBe(2);
  });
  it('is undefined without semesters', () => {
    expect(initialSemester([])).toBeUndefined();
  });
});
