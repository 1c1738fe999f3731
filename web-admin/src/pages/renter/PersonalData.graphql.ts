import { graphql } from '../../graphql';

export const PERSONAL_DATA_FIELDS = graphql(`
  fragment PersonalDataFields on Renter {
    email
    firstName
    lastName
    street
    zip
    city
    country
    birthday
    phone
    gender
  }
`);
