import { gql, type TypedDocumentNode } from '@apollo/client';
import type { RentingState } from '../../lib/status';

export interface Semester {
  __typename?: 'Semester';
  id: number;
  name: string;
  current: boolean;
  startDate: string;
  endDate: string;
  rentingPhase: string;
  startsInDays: number;
}

export const SEMESTERS: TypedDocumentNode<{ semesters: Semester[] }, Record<string, never>> = gql`
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
`;

export interface ApartmentsPageData {
  apartmentsPage: {
    id: number;
    name: string;
    address: string;
    floors: {
      id: number;
      name: string;
      apartments: {
        id: number;
        semesterId: number;
        name: string;
        adminStatus: RentingState;
        renter: { id: number; firstName: string; lastName: string } | null;
      }[];
    }[];
  };
}

export const APARTMENTS_PAGE: TypedDocumentNode<ApartmentsPageData, { semesterId: number }> = gql`
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
          }
        }
      }
    }
  }
`;
