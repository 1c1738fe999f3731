import { graphql } from '../../graphql';

/** One renter's data for the renter list export. */
export const RENTER_FOR_EXPORT = graphql(`
  query RenterForExport($id: Int!) {
    renter(id: $id) {
      id
      email
      emailValidated
      firstName
      lastName
      street
      zip
      city
      country
      birthday
      phone
      nationality
      language
      notes
      bookings {
        rentingId
        semester {
          id
          name
        }
        apartment {
          id
          name
        }
        state
      }
    }
  }
`);
