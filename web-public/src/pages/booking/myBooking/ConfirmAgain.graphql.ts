import { graphql } from '../../../graphql';

// A new confirmation link for a request whose address is not confirmed yet (renter subgraph).
export const RESEND_CONFIRMATION = graphql(`
  mutation ResendConfirmationMail($token: String!, $rentingId: ID!) {
    resendConfirmationMail(token: $token, rentingId: $rentingId) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);
