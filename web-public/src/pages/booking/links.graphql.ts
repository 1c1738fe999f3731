import { graphql } from '../../graphql';

export const FETCH_SIGNING_LINK = graphql(`
  query FetchSigningLink($rentingId: ID!) {
    fetchSigningLink(rentingId: $rentingId)
  }
`);

export const FETCH_PAYMENT_LINK = graphql(`
  query FetchPaymentLink($rentingId: ID!) {
    fetchPaymentLink(rentingId: $rentingId)
  }
`);
