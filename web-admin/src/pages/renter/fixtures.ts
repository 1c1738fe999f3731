import type { BookingCardFieldsFragment as Booking, RenterWithDocumentQuery } from '../../graphql/graphql';
import { HANDOVER_FORM } from './Handover.graphql';
import { LEDGER } from './Ledger.graphql';

type RenterDetail = NonNullable<RenterWithDocumentQuery['renterWithDocument']>;

export function booking(overrides: Partial<Booking> = {}): Booking & { __typename: string } {
  return {
    __typename: 'Booking',
    rentingId: 'r-1',
    semester: { __typename: 'Semester', id: 5, name: 'WiSe 26/27', startDate: '2026-10-01', endDate: '2027-03-31' } as Booking['semester'],
    apartment: { __typename: 'Apartment', id: 12, name: 'A12' } as Booking['apartment'],
    state: 'APARTMENT_RESERVED',
    renterEmailConfirmed: true,
    renterIsUnlocked: false,
    contractSigned: false,
    apartmentPaid: false,
    createdDate: '2026-05-02T08:00:00Z',
    emailConfirmedDate: '2026-05-03T08:00:00Z',
    ownerAcknowledgedDate: null,
    contractRequestedDate: null,
    contractSignedDate: null,
    paidDate: null,
    signingLink: null,
    paymentLink: null,
    accessKey: null,
    keyCodeSentDate: null,
    keyCodeDueDate: null,
    renewal: false,
    renewalDeadline: null,
    cancellation: null,
    inPayment: false,
    disputeStatus: null,
    refundFailure: null,
    ...overrides,
  };
}

export function renter(bookings: Booking[], overrides: Partial<RenterDetail> = {}): RenterDetail & { __typename: string } {
  return {
    __typename: 'Renter',
    id: 7,
    email: 'erika@example.org',
    emailValidated: true,
    firstName: 'Erika',
    lastName: 'Mustermann',
    street: 'Hauptstraße 1',
    zip: '69117',
    city: 'Heidelberg',
    country: 'DEU',
    birthday: '2003-02-01',
    phone: '+49 170 1234567',
    notes: 'ruhig',
    gender: 'female',
    bookings,
    documents: [
      { __typename: 'Document', id: 'd1', description: 'Personalausweis Vorderseite', link: '/api/documents/d1', type: 'IDENTITY_CARD_FRONT', uploaded: '2026-05-02T08:00:00Z' },
      { __typename: 'Document', id: 'd2', description: 'Immatrikulationsbescheinigung', link: '/api/documents/d2', type: 'IMMATRICULATION', uploaded: '2026-05-02T08:00:00Z' },
    ] as unknown as RenterDetail['documents'],
    ...overrides,
  };
}

/**
 * What a paid booking's card asks besides the renter: a handover form with no meters and a deposit
 * of 800 € (no refusal), and a ledger without lines.
 */
export function paidCardMocks(rentingId = 'r-1') {
  return [
    {
      request: { query: HANDOVER_FORM, variables: { rentingId } },
      result: { data: { handoverForm: { __typename: 'HandoverForm', meters: [], depositCents: 80000, refusal: null, handover: null } } },
      maxUsageCount: Number.POSITIVE_INFINITY,
    },
    {
      request: { query: LEDGER, variables: { rentingId } },
      result: {
        data: {
          ledger: {
            __typename: 'RentingLedger',
            rentingId,
            entries: [],
            chargedCents: 0,
            paidCents: 0,
            refundedCents: 0,
            depositHeldCents: 0,
            keptCents: 0,
            balanceCents: 0,
          },
        },
      },
      maxUsageCount: Number.POSITIVE_INFINITY,
    },
  ];
}
