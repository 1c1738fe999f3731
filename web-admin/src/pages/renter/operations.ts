import { gql, type TypedDocumentNode } from '@apollo/client';
import type { LetterGroup } from '../../lib/renters';
import type { RentingState } from '../../lib/status';
import type { UserDataException } from '../../apollo/errors';

export const RENTERS_BY_LETTER: TypedDocumentNode<{ rentersByLetter: LetterGroup[] }, Record<string, never>> = gql`
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
`;

export interface Booking {
  rentingId: string;
  semester: { id: number; name: string; startDate: string; endDate: string };
  apartment: { id: number; name: string };
  state: RentingState;
  renterEmailConfirmed: boolean;
  renterIsUnlocked: boolean;
  contractSigned: boolean;
  apartmentPaid: boolean;
  createdDate: string | null;
  emailConfirmedDate: string | null;
  ownerAcknowledgedDate: string | null;
  contractRequestedDate: string | null;
  contractSignedDate: string | null;
  paidDate: string | null;
  signingLink: string | null;
  paymentLink: string | null;
  accessKey: string | null;
}

export interface RenterDocument {
  id: string;
  description: string;
  link: string;
  type: string;
  uploaded: string;
}

export interface RenterDetail {
  id: number;
  email: string;
  emailValidated: boolean;
  firstName: string;
  lastName: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  birthday: string;
  phone: string;
  notes: string;
  gender: 'male' | 'female' | 'various';
  bookings: Booking[];
  documents: RenterDocument[];
}

export const RENTER_WITH_DOCUMENT: TypedDocumentNode<{ renterWithDocument: RenterDetail | null }, { id: number }> = gql`
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
`;

export const APPROVE_IDENTITY_CARD: TypedDocumentNode<{ approveIdentityCard: boolean }, { rentingId: string }> = gql`
  mutation ApproveIdentityCard($rentingId: ID!) {
    approveIdentityCard(rentingId: $rentingId)
  }
`;

export const FREE_APARTMENT: TypedDocumentNode<
  { freeApartment: boolean },
  { apartmentId: number; semesterId: number }
> = gql`
  mutation FreeApartment($apartmentId: Int!, $semesterId: Int!) {
    freeApartment(apartmentId: $apartmentId, semesterId: $semesterId)
  }
`;

export interface RenterForEdit {
  firstName: string;
  lastName: string;
  phone: string;
  notes: string;
  email: string;
}

export const RENTER_FOR_EDIT: TypedDocumentNode<{ renterForEdit: RenterForEdit | null }, { renterId: number }> = gql`
  query RenterForEdit($renterId: Int!) {
    renterForEdit(renterId: $renterId) {
      firstName
      lastName
      phone
      notes
      email
    }
  }
`;

export interface RenterUpdate {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  notes: string;
}

export const UPDATE_RENTER: TypedDocumentNode<
  { updateRenter: { exception: UserDataException | null } },
  { update: RenterUpdate }
> = gql`
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
`;
