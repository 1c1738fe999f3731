import { graphql } from '../../graphql';

/** What a booking's card shows: its semester, apartment, state, milestones and links (its handover comes with its form). */
export const BOOKING_CARD_FIELDS = graphql(`
  fragment BookingCardFields on Booking {
    rentingId
    semester {
      id
      name
      startDate
      endDate
    }
    apartment {
      id
      name
    }
    state
    renterEmailConfirmed
    renterIsUnlocked
    contractSigned
    apartmentPaid
    createdDate
    emailConfirmedDate
    ownerAcknowledgedDate
    contractRequestedDate
    contractSignedDate
    paidDate
    signingLink
    paymentLink
    accessKey
    keyCodeSentDate
    keyCodeDueDate
    renewal
    renewalDeadline
    cancellation {
      reason
      refundCents
    }
    inPayment
    disputeStatus
    refundFailure
  }
`);
