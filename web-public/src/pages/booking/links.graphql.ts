import { gql, type TypedDocumentNode } from '@apollo/client';

export const FETCH_SIGNING_LINK: TypedDocumentNode<{ fetchSigningLink: string | null }, { rentingId: string }> = gql`
  query FetchSigningLink($rentingId: ID!) {
    fetchSigningLink(rentingId: $rentingId)
  }
`;

export const FETCH_PAYMENT_LINK: TypedDocumentNode<{ fetchPaymentLink: string | null }, { rentingId: string }> = gql`
  query FetchPaymentLink($rentingId: ID!) {
    fetchPaymentLink(rentingId: $rentingId)
  }
`;
