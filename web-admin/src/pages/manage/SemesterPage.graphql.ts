import { useMutation } from '@apollo/client/react';
import { refetched, written } from '../../apollo/cache';
import { graphql } from '../../graphql';
import type { SemestersQuery } from '../../graphql/graphql';

/** Every semester; the overview's semester choice reads it too. */
export const SEMESTERS = graphql(`
  query Semesters {
    semesters {
      id
      name
      current
      startDate
      endDate
      rentingPhase
      startsInDays
    }
  }
`);

export type Semester = SemestersQuery['semesters'][number];

export const CREATE_SEMESTER = graphql(`
  mutation CreateSemester($semester: SemesterInput!) {
    createSemester(semester: $semester) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

export const UPDATE_SEMESTER = graphql(`
  mutation UpdateSemester($id: Int!, $semester: SemesterInput!) {
    updateSemester(id: $id, semester: $semester) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

/** The semester lists the server derives phases, days and the current flag for: fetched again after a change. */
const DERIVED = ['semesters', 'semester', 'currentSemester', 'bookableSemester'];

/** Adds a semester. Once added, every semester list on screen is fetched again (the server derives its phase). */
export function useCreateSemester() {
  return useMutation(CREATE_SEMESTER, {
    update(cache, result) {
      if (result.data?.createSemester.exception) return;
      cache.modify({ fields: refetched(...DERIVED) });
    },
  });
}

/**
 * Changes a semester's name and dates. Once saved they are written into the cached semester; its phase,
 * days until start and current flag, which the server derives from the dates, are fetched again.
 */
export function useUpdateSemester() {
  return useMutation(UPDATE_SEMESTER, {
    update(cache, result, { variables }) {
      if (!variables || result.data?.updateSemester.exception) return;
      const id = cache.identify({ __typename: 'Semester', id: variables.id });
      cache.modify({ id, fields: written({ ...variables.semester }) });
      cache.modify({ id, fields: refetched('rentingPhase', 'startsInDays', 'current') });
      cache.modify({ fields: refetched(...DERIVED) });
    },
  });
}
