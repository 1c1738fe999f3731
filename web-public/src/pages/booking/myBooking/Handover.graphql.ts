import { graphql } from '../../../graphql';

// A handover as the renter's own page shows it (renting subgraph, RenterPage.handovers).
export const MY_HANDOVER_FIELDS = graphql(`
  fragment MyHandoverFields on Handover {
    rentingId
    date
    meterReadings {
      meter
      value
    }
    damages {
      description
      amountCents
      photos {
        documentId
      }
      waived
    }
    depositCents
    deductionsCents
    refundCents
    status
    answerDeadline
    disputeReason
    answeredAt
    settlement {
      method
      refundCents
      bankReference
      settledAt
    }
  }
`);

export const CONFIRM_HANDOVER = graphql(`
  mutation ConfirmHandover($token: String!, $rentingId: ID!) {
    confirmHandover(token: $token, rentingId: $rentingId) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

export const DISPUTE_HANDOVER = graphql(`
  mutation DisputeHandover($token: String!, $rentingId: ID!, $reason: String!) {
    disputeHandover(token: $token, rentingId: $rentingId, reason: $reason) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);
