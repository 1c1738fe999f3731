import { useMutation } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { refetched } from '../../apollo/cache';
import { graphql } from '../../graphql';
import type { HandoverFieldsFragment } from '../../graphql/graphql';

/** What a booking's card shows of its handover: the record, the renter's answer and the settlement. */
export const HANDOVER_FIELDS = graphql(`
  fragment HandoverFields on Handover {
    rentingId
    date
    meterReadings {
      meter
      value
    }
    damages {
      description
      amountCents
      photos {
        documentId
      }
      waived
    }
    depositCents
    deductionsCents
    refundCents
    status
    answerDeadline
    disputeReason
    answeredAt
    settlementDeadline
    settlement {
      method
      refundCents
      bankReference
      settledAt
    }
    recordedAt
  }
`);

export type Handover = HandoverFieldsFragment;

/** The meters to read and the deposit at stake, or why no handover can be recorded, and the handover once recorded. */
export const HANDOVER_FORM = graphql(`
  query HandoverForm($rentingId: ID!) {
    handoverForm(rentingId: $rentingId) {
      meters
      depositCents
      refusal {
        ...ExceptionFields
      }
      handover {
        ...HandoverFields
      }
    }
  }
`);

export const RECORD_HANDOVER = graphql(`
  mutation RecordHandover($handover: HandoverInput!) {
    recordHandover(handover: $handover) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

export const SETTLE_DEPOSIT = graphql(`
  mutation SettleDeposit($rentingId: ID!, $method: DepositSettlementMethod!, $bankReference: String, $waived: [Int!]) {
    settleDeposit(rentingId: $rentingId, method: $method, bankReference: $bankReference, waived: $waived) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

/** The booking's handover (its form) and the renter's Protokoll are the server's: fetched again, with the given root fields. */
function refetchHandover(cache: ApolloCache, renterId: number, ...rootFields: string[]) {
  cache.modify({ id: cache.identify({ __typename: 'Renter', id: renterId }), fields: refetched('auditLog') });
  cache.modify({ fields: refetched('handoverForm', ...rootFields) });
}

/** Records a booking's handover; the card then shows it instead of offering the form. */
export function useRecordHandover(renterId: number) {
  return useMutation(RECORD_HANDOVER, {
    update(cache, result, { variables }) {
      if (!variables || result.data?.recordHandover.exception) return;
      refetchHandover(cache, renterId);
    },
  });
}

/**
 * Settles a handover's deposit. The settlement shows on the handover; the ledger books the deduction
 * and the refund once the payment service has: it is fetched again.
 */
export function useSettleDeposit(renterId: number) {
  return useMutation(SETTLE_DEPOSIT, {
    update(cache, result, { variables }) {
      if (!variables || result.data?.settleDeposit.exception) return;
      refetchHandover(cache, renterId, 'ledger');
    },
  });
}
