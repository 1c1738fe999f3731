import { graphql } from '../../graphql';
import type { LedgerQuery } from '../../graphql/graphql';

/** A renting's ledger: every charge, payment, refund and deduction, with the totals. */
export const LEDGER = graphql(`
  query Ledger($rentingId: ID!) {
    ledger(rentingId: $rentingId) {
      rentingId
      entries {
        id
        at
        kind
        item
        description
        amountCents
        itemCents
        reference
      }
      chargedCents
      paidCents
      refundedCents
      depositHeldCents
      keptCents
      balanceCents
    }
  }
`);

export type RentingLedger = LedgerQuery['ledger'];
