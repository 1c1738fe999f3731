import { graphql } from '../../graphql';

export const RENTER_WITH_DOCUMENT = graphql(`
  query RenterWithDocument($id: Int!) {
    renterWithDocument(id: $id) {
      id
      emailValidated
      notes
      ...PersonalDataFields
      bookings {
        ...BookingCardFields
      }
      ...RenterDocumentsFields
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
