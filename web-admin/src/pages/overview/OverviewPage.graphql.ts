import { graphql } from '../../graphql';
import type { ApartmentsPageQuery } from '../../graphql/graphql';

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

export type OccupancyApartment = ApartmentsPageQuery['apartmentsPage']['floors'][number]['apartments'][number];
