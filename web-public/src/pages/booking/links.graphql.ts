import { graphql } from '../../graphql';

// Each step asks for its provider link and for where the booking stands in one request: a signed
// contract or a paid rent is not offered again.

export const FETCH_SIGNING_LINK = graphql(`
  query FetchSigningLink($rentingId: ID!) {
    fetchSigningLink(rentingId: $rentingId)
    bookingProgress(rentingId: $rentingId) {
      ...ProgressFields
    }
  }
`);

export const FETCH_PAYMENT_LINK = graphql(`
  query FetchPaymentLink($rentingId: ID!) {
    fetchPaymentLink(rentingId: $rentingId)
    bookingProgress(rentingId: $rentingId) {
      ...ProgressFields
    }
  }
`);

export const BOOKING_PROGRESS = graphql(`
  query BookingProgress($rentingId: ID!) {
    bookingProgress(rentingId: $rentingId) {
      ...ProgressFields
    }
  }
`);
