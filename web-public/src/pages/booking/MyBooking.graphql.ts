import { graphql } from '../../graphql';

// The renter's own page: the renter service opens the token, the renting service adds the bookings
// and their payments (from the payment service) and the handovers of the rentings that ended, the
// catalog names their apartments and semesters.
export const RENTER_PAGE = graphql(`
  query RenterPage($token: String!) {
    renterPage(token: $token) {
      token
      firstName
      lastName
      email
      language
      street
      zip
      city
      country
      birthday
      phone
      nationality
      gender
      emailValidated
      linkExpiresAt
      bookings {
        rentingId
        state
        renewal
        renewalDeadline
        apartment {
          id
          name
        }
        semester {
          id
          name
          startDate
          endDate
        }
        createdDate
        emailConfirmedDate
        ownerAcknowledgedDate
        contractSignedDate
        paidDate
        accessKey
      }
      payments {
        rentingId
        amount
        currency
        status
        createdAt
        paidAt
        receiptNumber
      }
      handovers {
        ...MyHandoverFields
      }
    }
  }
`);

export const REQUEST_PAGE_LINK = graphql(`
  mutation RequestRenterPageLink($email: String!) {
    requestRenterPageLink(email: $email) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

export const WITHDRAW_REQUEST = graphql(`
  mutation WithdrawRentingRequest($token: String!, $rentingId: ID!) {
    withdrawRentingRequest(token: $token, rentingId: $rentingId) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);
