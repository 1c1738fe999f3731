import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AuditEntry } from '../../lib/audit';

// Hand-typed until Renter.auditLog is in the composed schema; codegen skips this file (codegen.ts).
export const RENTER_AUDIT_LOG: TypedDocumentNode<
  { renter: { id: number; auditLog: AuditEntry[] } | null },
  { id: number }
> = gql`
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
`;
