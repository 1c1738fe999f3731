import { graphql } from '../../graphql';

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
