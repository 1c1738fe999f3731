import { graphql } from '../../graphql';
import type { OfficeTasksQuery, SemesterStatisticsQuery } from '../../graphql/graphql';

/** What waits for the office, with whom and where. */
export const OFFICE_TASKS = graphql(`
  query OfficeTasks {
    officeTasks {
      kind
      rentingId
      since
      renter {
        id
        firstName
        lastName
      }
      apartment {
        id
        name
      }
      semester {
        id
        name
      }
    }
  }
`);

export type OfficeTask = OfficeTasksQuery['officeTasks'][number];

/** Per semester, latest first: the building's apartments, how many are held and blocked, and the rent expected and collected (euros). */
export const SEMESTER_STATISTICS = graphql(`
  query SemesterStatistics {
    semesterStatistics {
      semester {
        id
        name
      }
      apartments
      held
      blocked
      rentExpected
      rentCollected
    }
  }
`);

export type SemesterStatistic = SemesterStatisticsQuery['semesterStatistics'][number];
