export interface SemesterLike {
  id: number;
  current: boolean;
  startsInDays: number;
}

/** Semesters by startsInDays descending (the latest start first); ties by id. */
export function sortSemesters<T extends SemesterLike>(semesters: readonly T[]): T[] {
  return [...semesters].sort((a, b) => b.startsInDays - a.startsInDays || a.id - b.id);
}

/** The initial choice: the semester flagged current, else the first in the (sorted) list; undefined if none. */
export function initialSemester<T extends SemesterLike>(sorted: readonly T[]): T | undefined {
  return sorted.find((s) => s.current) ?? sorted[0];
}
