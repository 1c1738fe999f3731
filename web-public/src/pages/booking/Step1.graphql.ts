import { graphql } from '../../graphql';

export const AVAILABLE_APARTMENTS = graphql(`
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
          plan
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
`);

export const RESELECT_APARTMENT = graphql(`
  mutation ReselectApartment($request: ReselectRequest!) {
    reselectApartment(request: $request) {
      ...RentingResultFields
    }
  }
`);
