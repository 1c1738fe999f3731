import { graphql } from '../../graphql';
import type { OfficeTasksQuery, SemesterBooksQuery, SemesterStatisticsQuery } from '../../graphql/graphql';

/** What waits for the office, with whom and where. */
export const OFFICE_TASKS = graphql(`
  query OfficeTasks {
    officeTasks {
      kind
      rentingId
      since
      due
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

/** Per semester, latest first: what the ledgers charged, received, gave back, hold and kept (EUR cents). */
export const SEMESTER_BOOKS = graphql(`
  query SemesterBooks {
    semesterBooks {
      semester {
        id
        name
      }
      chargedCents
      paidCents
      refundedCents
      depositHeldCents
      keptCents
      openCents
    }
  }
`);

export type SemesterBooks = SemesterBooksQuery['semesterBooks'][number];

/** The ledger entries of a date range as a file for the tax advisor (DATEV Buchungsstapel or CSV), base64. */
export const BOOKS_EXPORT = graphql(`
  query BooksExport($from: String!, $to: String!, $format: BooksExportFormat!) {
    booksExport(from: $from, to: $to, format: $format) {
      fileName
      contentType
      content
    }
  }
`);
