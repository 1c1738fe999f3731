import { graphql } from '../../graphql';

export const BOOKABLE_SEMESTER = graphql(`
  query BookableSemester {
    bookableSemester {
      ...SemesterFields
    }
  }
`);

export const BOOK_APARTMENT = graphql(`
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
`);

export const CREATE_RENTING_REQUEST = graphql(`
  mutation CreateRentingRequest($create: CreateRentingRequest!) {
    createRentingRequest(create: $create) {
      ...RentingResultFields
    }
  }
`);

/** Which apartments are still free in the bookable semester: a booked one offers no booking form. */
export const APARTMENT_AVAILABILITY = graphql(`
  query ApartmentAvailability {
    availableApartments {
      bookableSemester {
        id
      }
      apartmentBookable {
        apartmentId
        free
      }
    }
  }
`);
