import { graphql } from '../../graphql';

// What the download of all the renter's data adds to what the page shows: the mails the residence
// wrote to them (the renter service), fetched when the renter downloads.
export const MY_MAILS = graphql(`
  query MyMails($token: String!) {
    renterPage(token: $token) {
      token
      mails {
        subject
        text
        writtenAt
        sentAt
      }
    }
  }
`);
