import { graphql } from '../../graphql';

export const RENTERS_BY_LETTER = graphql(`
  query RentersByLetter {
    rentersByLetter {
      letter
      renters {
        id
        firstName
        lastName
        email
      }
    }
  }
`);

/** The apartments of each renter's rentings, so that the search finds a renter by apartment too. */
export const RENTER_APARTMENTS = graphql(`
  query RenterApartments {
    renterApartments {
      renterId
      apartments {
        id
        name
      }
    }
  }
`);
