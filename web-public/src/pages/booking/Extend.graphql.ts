import { graphql } from '../../graphql';
import type { ExtendBookingQuery } from '../../graphql/graphql';

/** The renter's data that pre-fills the renewal form. */
export type RenterForRenewal = NonNullable<ExtendBookingQuery['renterByRentingId']>;

export const EXTEND_BOOKING = graphql(`
  query ExtendBooking($rentingId: ID!, $token: String!) {
    extendBookingQuery(rentingId: $rentingId, token: $token) {
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
    renterByRentingId(rentingId: $rentingId, token: $token) {
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
`);

export const APPROVE_RENEWAL = graphql(`
  mutation ApproveRenewal($rentingId: ID!, $token: String!, $rentingRenewal: RentingRenewal!) {
    approveRenewal(rentingId: $rentingId, token: $token, rentingRenewal: $rentingRenewal) {
      ...RentingResultFields
    }
  }
`);

export const DECLINE_RENEWAL = graphql(`
  mutation DeclineRenewal($rentingId: ID!, $token: String!) {
    declineRenewal(rentingId: $rentingId, token: $token) {
      ...RentingResultFields
    }
  }
`);
