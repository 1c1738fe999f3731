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
