import { graphql } from '../../graphql';
import type { RenterForEditQuery, RenterUpdate, RenterWithDocumentQuery } from '../../graphql/graphql';

export const RENTERS_BY_LETTER = graphql(`
  query RentersByLetter {
    rentersByLetter {
      letter
      renters {
        id
        firstName
        lastName
        email
      }
    }
  }
`);

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
export type RenterDocument = RenterDetail['documents'][number];

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

export const RENTER_FOR_EDIT = graphql(`
  query RenterForEdit($renterId: Int!) {
    renterForEdit(renterId: $renterId) {
      firstName
      lastName
      phone
      notes
      email
    }
  }
`);

export type RenterForEdit = NonNullable<RenterForEditQuery['renterForEdit']>;
export type { RenterUpdate };

export const UPDATE_RENTER = graphql(`
  mutation UpdateRenter($update: RenterUpdate!) {
    updateRenter(update: $update) {
      exception {
        path
        params {
          key
          value
        }
        messageId
      }
    }
  }
`);

/** The renter's audit log ('Protokoll'): what admins did about the renter in every service, newest first. */
export const RENTER_AUDIT_LOG = graphql(`
  query RenterAuditLog($id: Int!) {
    renter(id: $id) {
      id
      auditLog {
        at
        actor
        action
        subject
        details
      }
    }
  }
`);
