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
