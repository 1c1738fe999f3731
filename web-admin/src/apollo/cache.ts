import type { Modifiers } from '@apollo/client/cache';

// How a mutation's hook brings the cache in line with what the mutation changed, in its `update`
// (cache.modify on the changed objects): the values the mutation sent are written into the cached
// objects; what the server derives from them (dates, states, groupings, the Protokoll) leaves the
// cache, and every query on screen that shows it fetches it again.

/** Modifiers that set each field to the value the mutation sent. */
export function written(values: Record<string, unknown>): Modifiers {
  return Object.fromEntries(Object.entries(values).map(([field, value]) => [field, () => value]));
}

/** Modifiers that drop the fields the server derived, so the queries showing them fetch them again. */
export function refetched(...fields: string[]): Modifiers {
  return Object.fromEntries(fields.map((field) => [field, (_: unknown, { DELETE }: { DELETE: unknown }) => DELETE]));
}
