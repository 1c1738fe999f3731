import { graphql } from '../../graphql';
import type { ApartmentsPageQuery, SemestersQuery } from '../../graphql/graphql';

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

export const APARTMENTS_PAGE = graphql(`
  query ApartmentsPage($semesterId: Int!) {
    apartmentsPage(semesterId: $semesterId) {
      id
      name
      address
      floors {
        id
        name
        apartments {
          id
          semesterId
          name
          adminStatus
          renter {
            id
            firstName
            lastName
            email
          }
        }
      }
    }
  }
`);

export type ApartmentsPageData = ApartmentsPageQuery;
export type OccupancyFloor = ApartmentsPageQuery['apartmentsPage']['floors'][number];
export type OccupancyApartment = OccupancyFloor['apartments'][number];
