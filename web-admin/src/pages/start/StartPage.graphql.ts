import { graphql } from '../../graphql';
import type { OfficeTasksQuery } from '../../graphql/graphql';

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
