import { gql } from '@apollo/client';

export const APARTMENT_DETAIL = gql`
  fragment ApartmentDetail on Apartment {
    id
    name
    descriptionDe
    descriptionEn
    pricePerMonth
    features
    pictures {
      name
      url
      descriptionDe
      descriptionEn
    }
  }
`;

export const SEMESTER_FIELDS = gql`
  fragment SemesterFields on Semester {
    id
    name
    startDate
    endDate
  }
`;

export const PRICE_FIELDS = gql`
  fragment PriceFields on PriceCalculation {
    items {
      textDe
      textEn
      qty
      amount
      total
    }
    total
  }
`;

export const RENTING_RESULT = gql`
  fragment RentingResultFields on RentingResult {
    uuid
    exception {
      path
      messageId
      params {
        key
        value
      }
    }
  }
`;
