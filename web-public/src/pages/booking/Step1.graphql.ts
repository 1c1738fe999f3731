import { gql, type TypedDocumentNode } from '@apollo/client';
import { RENTING_RESULT } from './fragments';
import type { RentingResultFields } from './types';

export interface AvailableApartmentsData {
  availableApartments: {
    bookableSemester: { id: number; name: string };
    building: {
      id: number;
      name: string;
      floors: {
        id: number;
        name: string;
        apartments: { id: number; name: string; pricePerMonth: number; x: number; y: number }[];
      }[];
    };
    apartmentBookable: { apartmentId: number; free: boolean }[];
  };
}

export const AVAILABLE_APARTMENTS: TypedDocumentNode<AvailableApartmentsData, Record<string, never>> = gql`
  query AvailableApartments {
    availableApartments {
      bookableSemester {
        id
        name
      }
      building {
        id
        name
        floors {
          id
          name
          apartments {
            id
            name
            pricePerMonth
            x
            y
          }
        }
      }
      apartmentBookable {
        apartmentId
        free
      }
    }
  }
`;

export interface ReselectApartmentData {
  reselectApartment: RentingResultFields;
}
export interface ReselectApartmentVars {
  request: { rentingId: string; apartmentId: number };
}

export const RESELECT_APARTMENT: TypedDocumentNode<ReselectApartmentData, ReselectApartmentVars> = gql`
  mutation ReselectApartment($request: ReselectRequest!) {
    reselectApartment(request: $request) {
      ...RentingResultFields
    }
  }
  ${RENTING_RESULT}
`;
