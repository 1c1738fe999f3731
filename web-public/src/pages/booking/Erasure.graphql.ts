import { graphql } from '../../graphql';

// Whether the renter whose page the token opens asked for erasure (the renter service).
export const ERASURE_STATE = graphql(`
  query ErasureState($token: String!) {
    renterPage(token: $token) {
      token
      erasureRequestedAt
    }
  }
`);

export const REQUEST_ERASURE = graphql(`
  mutation RequestErasure($token: String!) {
    requestErasure(token: $token) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);
