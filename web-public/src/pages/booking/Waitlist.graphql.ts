import { graphql } from '../../graphql';

export const JOIN_WAITLIST = graphql(`
  mutation JoinWaitlist($join: JoinWaitlist!) {
    joinWaitlist(join: $join) {
      exception {
        path
        messageId
        params {
          key
          value
        }
      }
    }
  }
`);

export const CONFIRM_WAITLIST_ENTRY = graphql(`
  mutation ConfirmWaitlistEntry($token: String!) {
    confirmWaitlistEntry(token: $token) {
      exception {
        path
        messageId
        params {
          key
          value
        }
      }
    }
  }
`);
