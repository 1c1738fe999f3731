import { graphql } from '../../graphql';
import type { RenterWithDocumentQuery } from '../../graphql/graphql';

export const RENTER_WITH_DOCUMENT = graphql(`
  query RenterWithDocument($id: Int!) {
    renterWithDocument(id: $id) {
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
      notes
      gender
      bookings {
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
      }
      documents {
        id
        description
        link
        type
        uploaded
      }
    }
  }
`);

export type RenterDetail = NonNullable<RenterWithDocumentQuery['renterWithDocument']>;
export type Booking = RenterDetail['bookings'][number];

export const APPROVE_IDENTITY_CARD = graphql(`
  mutation ApproveIdentityCard($rentingId: ID!) {
    approveIdentityCard(rentingId: $rentingId)
  }
`);

export const FREE_APARTMENT = graphql(`
  mutation FreeApartment($apartmentId: Int!, $semesterId: Int!) {
    freeApartment(apartmentId: $apartmentId, semesterId: $semesterId)
  }
`);
