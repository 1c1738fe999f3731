import { gql, type TypedDocumentNode } from '@apollo/client';
import { APARTMENT_DETAIL, PRICE_FIELDS, RENTING_RESULT, SEMESTER_FIELDS } from './fragments';
import type { ApartmentFields, Gender, PriceCalculationFields, RentingResultFields, SemesterFields } from './types';

export interface RenterForRenewal {
  birthday: string;
  city: string;
  country: string;
  email: string;
  firstName: string;
  lastName: string;
  zip: string;
  gender: Gender;
  phone: string;
  street: string;
  nationality: string;
}

export interface ExtendBookingData {
  extendBookingQuery: {
    apartment: ApartmentFields;
    semester: SemesterFields;
    priceCalculation: PriceCalculationFields;
  } | null;
  renterByRentingId: RenterForRenewal | null;
}

export const EXTEND_BOOKING: TypedDocumentNode<ExtendBookingData, { rentingId: string }> = gql`
  query ExtendBooking($rentingId: ID!) {
    extendBookingQuery(rentingId: $rentingId) {
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
    renterByRentingId(rentingId: $rentingId) {
      birthday
      city
      country
      email
      firstName
      lastName
      zip
      gender
      phone
      street
      nationality
    }
  }
  ${APARTMENT_DETAIL}
  ${SEMESTER_FIELDS}
  ${PRICE_FIELDS}
`;

export interface RentingRenewalInput {
  birthday: string;
  city: string;
  country: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  phone: string;
  street: string;
  zip: string;
  language: string;
  immatriculation: string;
  nationality: string;
}

export const APPROVE_RENEWAL: TypedDocumentNode<
  { approveRenewal: RentingResultFields },
  { rentingId: string; rentingRenewal: RentingRenewalInput }
> = gql`
  mutation ApproveRenewal($rentingId: ID!, $rentingRenewal: RentingRenewal!) {
    approveRenewal(rentingId: $rentingId, rentingRenewal: $rentingRenewal) {
      ...RentingResultFields
    }
  }
  ${RENTING_RESULT}
`;

export const DECLINE_RENEWAL: TypedDocumentNode<{ declineRenewal: RentingResultFields }, { rentingId: string }> = gql`
  mutation DeclineRenewal($rentingId: ID!) {
    declineRenewal(rentingId: $rentingId) {
      ...RentingResultFields
    }
  }
  ${RENTING_RESULT}
`;
