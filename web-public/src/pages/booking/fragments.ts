import { graphql } from '../../graphql';

// Fragments shared by the booking pages' operations. The codegen client preset resolves them by name
// in the operations below; their types are ApartmentDetailFragment, SemesterFieldsFragment, ... in
// src/graphql/graphql.ts.

export const APARTMENT_DETAIL = graphql(`
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
      width
      height
      sources {
        type
        srcset
      }
      descriptionDe
      descriptionEn
    }
  }
`);

export const SEMESTER_FIELDS = graphql(`
  fragment SemesterFields on Semester {
    id
    name
    startDate
    endDate
  }
`);

export const PRICE_FIELDS = graphql(`
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
`);

/** A business exception, as every result type carries it. */
export const EXCEPTION_FIELDS = graphql(`
  fragment ExceptionFields on UserDataException {
    path
    messageId
    params {
      key
      value
    }
  }
`);

export const RENTING_RESULT = graphql(`
  fragment RentingResultFields on RentingResult {
    uuid
    exception {
      ...ExceptionFields
    }
  }
`);

/** Where a booking stands (the pages after the form repeat the apartment, the semester and the total). */
export const PROGRESS_FIELDS = graphql(`
  fragment ProgressFields on BookingProgress {
    rentingId
    state
    apartment {
      id
      name
    }
    semester {
      id
      name
    }
    priceCalculation {
      total
    }
    cancellationReason
    inPayment
  }
`);
