import { gql, type TypedDocumentNode } from '@apollo/client';
import { APARTMENT_DETAIL, PRICE_FIELDS, RENTING_RESULT, SEMESTER_FIELDS } from './fragments';
import type { ApartmentFields, Gender, PriceCalculationFields, RentingResultFields, SemesterFields } from './types';

export const BOOKABLE_SEMESTER: TypedDocumentNode<{ bookableSemester: SemesterFields | null }, Record<string, never>> = gql`
  query BookableSemester {
    bookableSemester {
      ...SemesterFields
    }
  }
  ${SEMESTER_FIELDS}
`;

export interface BookApartmentData {
  bookApartment: { apartment: ApartmentFields; semester: SemesterFields; priceCalculation: PriceCalculationFields };
}

export const BOOK_APARTMENT: TypedDocumentNode<BookApartmentData, { aid: number; sid: number }> = gql`
  query BookApartment($aid: Int!, $sid: Int!) {
    bookApartment(aid: $aid, sid: $sid) {
      apartment {
        ...ApartmentDetail
      }
      semester {
        ...SemesterFields
      }
      priceCalculation {
        ...PriceFields
      }
    }
  }
  ${APARTMENT_DETAIL}
  ${SEMESTER_FIELDS}
  ${PRICE_FIELDS}
`;

export interface CreateRentingRequestInput {
  apartmentId: number;
  semesterId: number;
  birthday: string;
  city: string;
  country: string;
  email: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  identityCardFront: string;
  identityCardBack: string;
  nationality: string;
  phone: string;
  street: string;
  zip: string;
  language: string;
  immatriculation: string;
}

export const CREATE_RENTING_REQUEST: TypedDocumentNode<
  { createRentingRequest: RentingResultFields },
  { create: CreateRentingRequestInput }
> = gql`
  mutation CreateRentingRequest($create: CreateRentingRequest!) {
    createRentingRequest(create: $create) {
      ...RentingResultFields
    }
  }
  ${RENTING_RESULT}
`;
