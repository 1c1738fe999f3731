/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type ApartmentUpdate = {
  descriptionDe: string;
  descriptionEn: string;
  id: number;
  priceCleaning: number;
  priceDeposit: number;
  pricePerMonth: number;
};

export type BooksExportFormat =
  /** One line per ledger entry, UTF-8, semicolons. */
  | 'CSV'
  /** DATEV Buchungsstapel (EXTF, format version 700, category 21), Windows-1252. */
  | 'DATEV';

export type DamageInput = {
  amountCents: number;
  description: string;
  /** Base64 JPEG or PNG files, at most 3. */
  photos: Array<string>;
};

export type DepositSettlementMethod =
  /** A bank transfer the office made. */
  | 'BANK_TRANSFER'
  /** A refund of the original payment through the payment provider. */
  | 'REFUND';

export type DocumentType =
  | 'CONTRACT'
  | 'IDENTITY_CARD_BACK'
  | 'IDENTITY_CARD_FRONT'
  | 'IMMATRICULATION'
  | 'OTHER'
  | 'SIGNED_CONTRACT';

export type Gender =
  | 'female'
  | 'male'
  | 'various';

export type HandoverInput = {
  damages: Array<DamageInput>;
  /** yyyy-MM-dd, not in the future. */
  date: string;
  meterReadings: Array<MeterReadingInput>;
  rentingId: string | number;
};

/** Where a handover stands. */
export type HandoverStatus =
  | 'CONFIRMED'
  | 'DISPUTED'
  /** Recorded; the renter's answer is open until answerDeadline. */
  | 'RECORDED'
  | 'SETTLED';

/** What a ledger line records. */
export type LedgerEntryKind =
  /** What the residence keeps of a paid booking the office cancelled: the payment less what it refunds. */
  | 'CANCELLATION_FEE'
  /** An item of the signed contract charged (rent, cleaning, deposit). */
  | 'CHARGE'
  /** A charge taken back because the booking was cancelled. */
  | 'CHARGE_CANCELED'
  /** An amount of the deposit kept for a damage. */
  | 'DEDUCTION'
  /** Money received. */
  | 'PAYMENT'
  /** Money given back (a provider refund that succeeded, or the office's bank transfer). */
  | 'REFUND'
  /** A refund that went through and came back (the renter's bank returned it): owed to the renter again. */
  | 'REFUND_RETURNED';

export type MeterReadingInput = {
  meter: string;
  value: string;
};

/** What a renting waits for from the office. */
export type OfficeTaskKind =
  /** A contract sent and unsigned for UNSIGNED_CONTRACT_DAYS or longer. */
  | 'CONTRACT_UNSIGNED'
  /** A handover confirmed, or unanswered past its deadline, whose deposit is not settled. */
  | 'DEPOSIT_SETTLEMENT_DUE'
  /** The renter disputed a handover that is not settled. */
  | 'HANDOVER_DISPUTED'
  /** A confirmed booking whose identity card awaits approval. */
  | 'IDENTITY_APPROVAL'
  /** The renter's bank disputes the payment and the dispute is not decided (won or lost) yet. */
  | 'PAYMENT_DISPUTED'
  /** A signed contract whose rent is not paid. */
  | 'PAYMENT_OPEN'
  /** A refund failed and none succeeded since. */
  | 'REFUND_FAILED'
  /** A renewal that waits for its answer. */
  | 'RENEWAL_UNANSWERED'
  /** An unconfirmed booking request that is canceled within a day. */
  | 'REQUEST_EXPIRING';

/** An administrator's word on one of an apartment's pictures: which one (its name) and its descriptions. */
export type PictureEdit = {
  /** At most 300 characters on one line. */
  descriptionDe: string;
  /** At most 300 characters on one line. */
  descriptionEn: string;
  name: string;
};

/** A picture an administrator uploads for an apartment, with its descriptions. */
export type PictureUpload = {
  /** The file as base64: a PNG, JPEG or WebP of at most 10 MiB and 600×400 … 10000×10000 pixels (either orientation). */
  content: string;
  /** At most 300 characters on one line. */
  descriptionDe: string;
  /** At most 300 characters on one line. */
  descriptionEn: string;
};

/** What an admin may change about a renter; the e-mail is not editable. */
export type RenterUpdate = {
  firstName: string;
  id: number;
  lastName: string;
  notes: string;
  phone: string;
};

/** Where a semester stands: PLANNED, then RENEWAL (current renters may extend), BOOKING (open to everybody), RUNNING, FINISHED. */
export type RentingPhase =
  | 'BOOKING'
  | 'FINISHED'
  | 'PLANNED'
  | 'RENEWAL'
  | 'RUNNING';

/** A renting's state, or (for the admin overview) the status of an apartment nobody holds: AVAILABLE, APARTMENT_EMPTY, APARTMENT_BLOCKED. */
export type RentingState =
  | 'APARTMENT_BLOCKED'
  | 'APARTMENT_EMPTY'
  | 'APARTMENT_REQUESTED'
  | 'APARTMENT_RESERVED'
  | 'AVAILABLE'
  | 'CANCELED'
  | 'CONTRACT_REQUESTED'
  | 'CONTRACT_SIGNED'
  /** Nobody holds the apartment and its semester is PLANNED: it cannot be booked yet. */
  | 'NOT_YET_BOOKABLE'
  | 'OWNER_ACKNOWLEDGED'
  | 'PAYED'
  | 'RENEWAL_ACCEPTED'
  | 'RENEWAL_REQUEST'
  | 'SELECT_APARTMENT'
  | 'UNPAID';

/** A semester as an administrator enters it; its phase follows from its dates. */
export type SemesterInput = {
  /** The last day: after startDate, at most a year later, sharing no day with another semester. */
  endDate: string;
  /** At most 40 characters on one line, unique. */
  name: string;
  /** The first day, the move-in day. */
  startDate: string;
};

/** Where a waitlist entry stands: in line, offered an apartment until a deadline, booked through the offer, or its offer expired unanswered. */
export type WaitlistState =
  | 'BOOKED'
  | 'EXPIRED'
  | 'OFFERED'
  | 'WAITING';

export type ExceptionFieldsFragment = { path: string | null, messageId: string, params: Array<{ key: string, value: string }> };

export type ErasureRequestsQueryVariables = Exact<{ [key: string]: never; }>;


export type ErasureRequestsQuery = { erasureRequests: Array<{ id: number, firstName: string, lastName: string, email: string, erasureRequestedAt: string | null, erasedAt: string | null }> };

export type ExecuteErasureMutationVariables = Exact<{
  renterId: number;
}>;


export type ExecuteErasureMutation = { executeErasure: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type AdminBuildingQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminBuildingQuery = { adminBuilding: { id: number, floors: Array<{ id: number, name: string, apartments: Array<{ id: number, name: string, descriptionDe: string, descriptionEn: string, pricePerMonth: number, priceDeposit: number, priceCleaning: number, floor: { id: number, name: string } }> }> } };

export type UpdateApartmentMutationVariables = Exact<{
  update: ApartmentUpdate;
}>;


export type UpdateApartmentMutation = { updateApartment: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type ApartmentPicturesQueryVariables = Exact<{
  id: number;
}>;


export type ApartmentPicturesQuery = { apartmentById: { id: number, pictures: Array<{ name: string, url: string, descriptionDe: string, descriptionEn: string }> } | null };

export type UpdateApartmentPicturesMutationVariables = Exact<{
  apartmentId: number;
  pictures: Array<PictureEdit> | PictureEdit;
}>;


export type UpdateApartmentPicturesMutation = { updateApartmentPictures: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type UploadApartmentPictureMutationVariables = Exact<{
  apartmentId: number;
  picture: PictureUpload;
}>;


export type UploadApartmentPictureMutation = { uploadApartmentPicture: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type SemestersQueryVariables = Exact<{ [key: string]: never; }>;


export type SemestersQuery = { semesters: Array<{ id: number, name: string, current: boolean, startDate: string, endDate: string, rentingPhase: RentingPhase, startsInDays: number }> };

export type CreateSemesterMutationVariables = Exact<{
  semester: SemesterInput;
}>;


export type CreateSemesterMutation = { createSemester: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type UpdateSemesterMutationVariables = Exact<{
  id: number;
  semester: SemesterInput;
}>;


export type UpdateSemesterMutation = { updateSemester: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type WaitlistQueryVariables = Exact<{
  semesterId: number;
}>;


export type WaitlistQuery = { waitlist: Array<{ id: string, position: number, state: WaitlistState, name: string | null, email: string | null, language: string | null, floorId: number | null, minSize: number | null, confirmedAt: string, offerExpiresAt: string | null, endedAt: string | null, offeredApartment: { id: number, name: string } | null }> };

export type RemoveWaitlistEntryMutationVariables = Exact<{
  id: string | number;
}>;


export type RemoveWaitlistEntryMutation = { removeWaitlistEntry: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type ApartmentsPageQueryVariables = Exact<{
  semesterId: number;
}>;


export type ApartmentsPageQuery = { apartmentsPage: { id: number, name: string, address: string, floors: Array<{ id: number, name: string, apartments: Array<{ id: number, semesterId: number, name: string, adminStatus: RentingState, blockReason: string | null, renter: { id: number, firstName: string, lastName: string, email: string } | null }> }> } };

export type BlockApartmentMutationVariables = Exact<{
  apartmentId: number;
  semesterId: number;
  reason: string;
}>;


export type BlockApartmentMutation = { blockApartment: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type UnblockApartmentMutationVariables = Exact<{
  apartmentId: number;
  semesterId: number;
}>;


export type UnblockApartmentMutation = { unblockApartment: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type BookingCardFieldsFragment = { rentingId: string, state: RentingState, renterEmailConfirmed: boolean, renterIsUnlocked: boolean, contractSigned: boolean, apartmentPaid: boolean, createdDate: string | null, emailConfirmedDate: string | null, ownerAcknowledgedDate: string | null, contractRequestedDate: string | null, contractSignedDate: string | null, paidDate: string | null, signingLink: string | null, paymentLink: string | null, accessKey: string | null, keyCodeSentDate: string | null, keyCodeDueDate: string | null, renewal: boolean, renewalDeadline: string | null, inPayment: boolean, disputeStatus: string | null, refundFailure: string | null, semester: { id: number, name: string, startDate: string, endDate: string }, apartment: { id: number, name: string }, cancellation: { reason: string, refundCents: number } | null };

export type RefundableCentsQueryVariables = Exact<{
  rentingId: string | number;
}>;


export type RefundableCentsQuery = { refundableCents: number };

export type CancelBookingMutationVariables = Exact<{
  rentingId: string | number;
  reason: string;
  refundCents: number;
}>;


export type CancelBookingMutation = { cancelBooking: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type ReissueContractMutationVariables = Exact<{
  rentingId: string | number;
}>;


export type ReissueContractMutation = { reissueContract: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type HandoverFieldsFragment = { rentingId: string, date: string, depositCents: number, deductionsCents: number, refundCents: number, status: HandoverStatus, answerDeadline: string, disputeReason: string | null, answeredAt: string | null, settlementDeadline: string, recordedAt: string, meterReadings: Array<{ meter: string, value: string }>, damages: Array<{ description: string, amountCents: number, waived: boolean, photos: Array<{ documentId: string }> }>, settlement: { method: DepositSettlementMethod, refundCents: number, bankReference: string | null, settledAt: string } | null };

export type HandoverFormQueryVariables = Exact<{
  rentingId: string | number;
}>;


export type HandoverFormQuery = { handoverForm: { meters: Array<string>, depositCents: number, refusal: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null, handover: { rentingId: string, date: string, depositCents: number, deductionsCents: number, refundCents: number, status: HandoverStatus, answerDeadline: string, disputeReason: string | null, answeredAt: string | null, settlementDeadline: string, recordedAt: string, meterReadings: Array<{ meter: string, value: string }>, damages: Array<{ description: string, amountCents: number, waived: boolean, photos: Array<{ documentId: string }> }>, settlement: { method: DepositSettlementMethod, refundCents: number, bankReference: string | null, settledAt: string } | null } | null } };

export type RecordHandoverMutationVariables = Exact<{
  handover: HandoverInput;
}>;


export type RecordHandoverMutation = { recordHandover: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type SettleDepositMutationVariables = Exact<{
  rentingId: string | number;
  method: DepositSettlementMethod;
  bankReference?: string | null | undefined;
  waived?: Array<number> | number | null | undefined;
}>;


export type SettleDepositMutation = { settleDeposit: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type LedgerQueryVariables = Exact<{
  rentingId: string | number;
}>;


export type LedgerQuery = { ledger: { rentingId: string, chargedCents: number, paidCents: number, refundedCents: number, depositHeldCents: number, keptCents: number, balanceCents: number, entries: Array<{ id: string, at: string, kind: LedgerEntryKind, item: string | null, description: string, amountCents: number, itemCents: number, reference: string }> } };

export type PersonalDataFieldsFragment = { email: string, firstName: string, lastName: string, street: string, zip: string, city: string, country: string, birthday: string, phone: string, gender: Gender };

export type OfferRenewalMutationVariables = Exact<{
  rentingId: string | number;
}>;


export type OfferRenewalMutation = { offerRenewal: { uuid: string | null, exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type AcceptRenewalForRenterMutationVariables = Exact<{
  rentingId: string | number;
}>;


export type AcceptRenewalForRenterMutation = { acceptRenewalForRenter: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type DeclineRenewalForRenterMutationVariables = Exact<{
  rentingId: string | number;
}>;


export type DeclineRenewalForRenterMutation = { declineRenewalForRenter: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type RenterAuditLogQueryVariables = Exact<{
  id: number;
}>;


export type RenterAuditLogQuery = { renter: { id: number, auditLog: Array<{ at: string, actor: string, action: string, subject: string, details: string | null }> } | null };

export type RenterDocumentsFieldsFragment = { id: number, documents: Array<{ id: string, description: string, link: string, type: DocumentType, uploaded: string }> };

export type RenterForEditQueryVariables = Exact<{
  renterId: number;
}>;


export type RenterForEditQuery = { renterForEdit: { firstName: string, lastName: string, phone: string, notes: string, email: string } | null };

export type UpdateRenterMutationVariables = Exact<{
  update: RenterUpdate;
}>;


export type UpdateRenterMutation = { updateRenter: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type RenterWithDocumentQueryVariables = Exact<{
  id: number;
}>;


export type RenterWithDocumentQuery = { renterWithDocument: { id: number, emailValidated: boolean, notes: string, email: string, firstName: string, lastName: string, street: string, zip: string, city: string, country: string, birthday: string, phone: string, gender: Gender, bookings: Array<{ rentingId: string, state: RentingState, renterEmailConfirmed: boolean, renterIsUnlocked: boolean, contractSigned: boolean, apartmentPaid: boolean, createdDate: string | null, emailConfirmedDate: string | null, ownerAcknowledgedDate: string | null, contractRequestedDate: string | null, contractSignedDate: string | null, paidDate: string | null, signingLink: string | null, paymentLink: string | null, accessKey: string | null, keyCodeSentDate: string | null, keyCodeDueDate: string | null, renewal: boolean, renewalDeadline: string | null, inPayment: boolean, disputeStatus: string | null, refundFailure: string | null, semester: { id: number, name: string, startDate: string, endDate: string }, apartment: { id: number, name: string }, cancellation: { reason: string, refundCents: number } | null }>, documents: Array<{ id: string, description: string, link: string, type: DocumentType, uploaded: string }> } | null };

export type ApproveIdentityCardMutationVariables = Exact<{
  rentingId: string | number;
}>;


export type ApproveIdentityCardMutation = { approveIdentityCard: boolean };

export type FreeApartmentMutationVariables = Exact<{
  apartmentId: number;
  semesterId: number;
}>;


export type FreeApartmentMutation = { freeApartment: boolean };

export type RentersByLetterQueryVariables = Exact<{ [key: string]: never; }>;


export type RentersByLetterQuery = { rentersByLetter: Array<{ letter: string, renters: Array<{ id: number, firstName: string, lastName: string, email: string }> }> };

export type RenterApartmentsQueryVariables = Exact<{ [key: string]: never; }>;


export type RenterApartmentsQuery = { renterApartments: Array<{ renterId: number, apartments: Array<{ id: number, name: string }> }> };

export type RenterForExportQueryVariables = Exact<{
  id: number;
}>;


export type RenterForExportQuery = { renter: { id: number, email: string, emailValidated: boolean, firstName: string, lastName: string, street: string, zip: string, city: string, country: string, birthday: string, phone: string, nationality: string, language: string, notes: string, bookings: Array<{ rentingId: string, state: RentingState, semester: { id: number, name: string }, apartment: { id: number, name: string } }> } | null };

export type OfficeTasksQueryVariables = Exact<{ [key: string]: never; }>;


export type OfficeTasksQuery = { officeTasks: Array<{ kind: OfficeTaskKind, rentingId: string, since: string, due: string | null, renter: { id: number, firstName: string, lastName: string }, apartment: { id: number, name: string }, semester: { id: number, name: string } }> };

export type SemesterStatisticsQueryVariables = Exact<{ [key: string]: never; }>;


export type SemesterStatisticsQuery = { semesterStatistics: Array<{ apartments: number, held: number, blocked: number, rentExpected: number, rentCollected: number, semester: { id: number, name: string } }> };

export type SemesterBooksQueryVariables = Exact<{ [key: string]: never; }>;


export type SemesterBooksQuery = { semesterBooks: Array<{ chargedCents: number, paidCents: number, refundedCents: number, depositHeldCents: number, keptCents: number, openCents: number, semester: { id: number, name: string } }> };

export type BooksExportQueryVariables = Exact<{
  from: string;
  to: string;
  format: BooksExportFormat;
}>;


export type BooksExportQuery = { booksExport: { fileName: string, contentType: string, content: string } };

export const ExceptionFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<ExceptionFieldsFragment, unknown>;
export const BookingCardFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BookingCardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Booking"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"apartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"renterEmailConfirmed"}},{"kind":"Field","name":{"kind":"Name","value":"renterIsUnlocked"}},{"kind":"Field","name":{"kind":"Name","value":"contractSigned"}},{"kind":"Field","name":{"kind":"Name","value":"apartmentPaid"}},{"kind":"Field","name":{"kind":"Name","value":"createdDate"}},{"kind":"Field","name":{"kind":"Name","value":"emailConfirmedDate"}},{"kind":"Field","name":{"kind":"Name","value":"ownerAcknowledgedDate"}},{"kind":"Field","name":{"kind":"Name","value":"contractRequestedDate"}},{"kind":"Field","name":{"kind":"Name","value":"contractSignedDate"}},{"kind":"Field","name":{"kind":"Name","value":"paidDate"}},{"kind":"Field","name":{"kind":"Name","value":"signingLink"}},{"kind":"Field","name":{"kind":"Name","value":"paymentLink"}},{"kind":"Field","name":{"kind":"Name","value":"accessKey"}},{"kind":"Field","name":{"kind":"Name","value":"keyCodeSentDate"}},{"kind":"Field","name":{"kind":"Name","value":"keyCodeDueDate"}},{"kind":"Field","name":{"kind":"Name","value":"renewal"}},{"kind":"Field","name":{"kind":"Name","value":"renewalDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"cancellation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"refundCents"}}]}},{"kind":"Field","name":{"kind":"Name","value":"inPayment"}},{"kind":"Field","name":{"kind":"Name","value":"disputeStatus"}},{"kind":"Field","name":{"kind":"Name","value":"refundFailure"}}]}}]} as unknown as DocumentNode<BookingCardFieldsFragment, unknown>;
export const HandoverFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"HandoverFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Handover"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"meterReadings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"meter"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"damages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"amountCents"}},{"kind":"Field","name":{"kind":"Name","value":"photos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"waived"}}]}},{"kind":"Field","name":{"kind":"Name","value":"depositCents"}},{"kind":"Field","name":{"kind":"Name","value":"deductionsCents"}},{"kind":"Field","name":{"kind":"Name","value":"refundCents"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"answerDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"disputeReason"}},{"kind":"Field","name":{"kind":"Name","value":"answeredAt"}},{"kind":"Field","name":{"kind":"Name","value":"settlementDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"settlement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"refundCents"}},{"kind":"Field","name":{"kind":"Name","value":"bankReference"}},{"kind":"Field","name":{"kind":"Name","value":"settledAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"recordedAt"}}]}}]} as unknown as DocumentNode<HandoverFieldsFragment, unknown>;
export const PersonalDataFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PersonalDataFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Renter"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"zip"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"birthday"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"gender"}}]}}]} as unknown as DocumentNode<PersonalDataFieldsFragment, unknown>;
export const RenterDocumentsFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RenterDocumentsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Renter"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"uploaded"}}]}}]}}]} as unknown as DocumentNode<RenterDocumentsFieldsFragment, unknown>;
export const ErasureRequestsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ErasureRequests"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"erasureRequests"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"erasureRequestedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}}]}}]}}]} as unknown as DocumentNode<ErasureRequestsQuery, ErasureRequestsQueryVariables>;
export const ExecuteErasureDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExecuteErasure"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"renterId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"executeErasure"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"renterId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"renterId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<ExecuteErasureMutation, ExecuteErasureMutationVariables>;
export const AdminBuildingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminBuilding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminBuilding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"floors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"apartments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionDe"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionEn"}},{"kind":"Field","name":{"kind":"Name","value":"pricePerMonth"}},{"kind":"Field","name":{"kind":"Name","value":"priceDeposit"}},{"kind":"Field","name":{"kind":"Name","value":"priceCleaning"}},{"kind":"Field","name":{"kind":"Name","value":"floor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<AdminBuildingQuery, AdminBuildingQueryVariables>;
export const UpdateApartmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateApartment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"update"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ApartmentUpdate"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateApartment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"update"},"value":{"kind":"Variable","name":{"kind":"Name","value":"update"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<UpdateApartmentMutation, UpdateApartmentMutationVariables>;
export const ApartmentPicturesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApartmentPictures"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apartmentById"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pictures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionDe"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionEn"}}]}}]}}]}}]} as unknown as DocumentNode<ApartmentPicturesQuery, ApartmentPicturesQueryVariables>;
export const UpdateApartmentPicturesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateApartmentPictures"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"apartmentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"pictures"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PictureEdit"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateApartmentPictures"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"apartmentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"apartmentId"}}},{"kind":"Argument","name":{"kind":"Name","value":"pictures"},"value":{"kind":"Variable","name":{"kind":"Name","value":"pictures"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<UpdateApartmentPicturesMutation, UpdateApartmentPicturesMutationVariables>;
export const UploadApartmentPictureDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UploadApartmentPicture"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"apartmentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"picture"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PictureUpload"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uploadApartmentPicture"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"apartmentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"apartmentId"}}},{"kind":"Argument","name":{"kind":"Name","value":"picture"},"value":{"kind":"Variable","name":{"kind":"Name","value":"picture"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<UploadApartmentPictureMutation, UploadApartmentPictureMutationVariables>;
export const SemestersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Semesters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"semesters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"current"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"rentingPhase"}},{"kind":"Field","name":{"kind":"Name","value":"startsInDays"}}]}}]}}]} as unknown as DocumentNode<SemestersQuery, SemestersQueryVariables>;
export const CreateSemesterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSemester"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"semester"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SemesterInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSemester"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"semester"},"value":{"kind":"Variable","name":{"kind":"Name","value":"semester"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<CreateSemesterMutation, CreateSemesterMutationVariables>;
export const UpdateSemesterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSemester"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"semester"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SemesterInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSemester"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"semester"},"value":{"kind":"Variable","name":{"kind":"Name","value":"semester"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<UpdateSemesterMutation, UpdateSemesterMutationVariables>;
export const WaitlistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Waitlist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"semesterId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"waitlist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"semesterId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"semesterId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"floorId"}},{"kind":"Field","name":{"kind":"Name","value":"minSize"}},{"kind":"Field","name":{"kind":"Name","value":"confirmedAt"}},{"kind":"Field","name":{"kind":"Name","value":"offeredApartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"offerExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"endedAt"}}]}}]}}]} as unknown as DocumentNode<WaitlistQuery, WaitlistQueryVariables>;
export const RemoveWaitlistEntryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveWaitlistEntry"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeWaitlistEntry"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<RemoveWaitlistEntryMutation, RemoveWaitlistEntryMutationVariables>;
export const ApartmentsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApartmentsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"semesterId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apartmentsPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"semesterId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"semesterId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"floors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"apartments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"semesterId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"adminStatus"}},{"kind":"Field","name":{"kind":"Name","value":"blockReason"}},{"kind":"Field","name":{"kind":"Name","value":"renter"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<ApartmentsPageQuery, ApartmentsPageQueryVariables>;
export const BlockApartmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BlockApartment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"apartmentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"semesterId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"blockApartment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"apartmentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"apartmentId"}}},{"kind":"Argument","name":{"kind":"Name","value":"semesterId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"semesterId"}}},{"kind":"Argument","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<BlockApartmentMutation, BlockApartmentMutationVariables>;
export const UnblockApartmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnblockApartment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"apartmentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"semesterId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unblockApartment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"apartmentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"apartmentId"}}},{"kind":"Argument","name":{"kind":"Name","value":"semesterId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"semesterId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<UnblockApartmentMutation, UnblockApartmentMutationVariables>;
export const RefundableCentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RefundableCents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refundableCents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}]}]}}]} as unknown as DocumentNode<RefundableCentsQuery, RefundableCentsQueryVariables>;
export const CancelBookingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelBooking"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reason"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"refundCents"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelBooking"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}},{"kind":"Argument","name":{"kind":"Name","value":"reason"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reason"}}},{"kind":"Argument","name":{"kind":"Name","value":"refundCents"},"value":{"kind":"Variable","name":{"kind":"Name","value":"refundCents"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<CancelBookingMutation, CancelBookingMutationVariables>;
export const ReissueContractDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReissueContract"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reissueContract"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<ReissueContractMutation, ReissueContractMutationVariables>;
export const HandoverFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HandoverForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"handoverForm"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"meters"}},{"kind":"Field","name":{"kind":"Name","value":"depositCents"}},{"kind":"Field","name":{"kind":"Name","value":"refusal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"handover"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"HandoverFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"HandoverFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Handover"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"meterReadings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"meter"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"damages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"amountCents"}},{"kind":"Field","name":{"kind":"Name","value":"photos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"waived"}}]}},{"kind":"Field","name":{"kind":"Name","value":"depositCents"}},{"kind":"Field","name":{"kind":"Name","value":"deductionsCents"}},{"kind":"Field","name":{"kind":"Name","value":"refundCents"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"answerDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"disputeReason"}},{"kind":"Field","name":{"kind":"Name","value":"answeredAt"}},{"kind":"Field","name":{"kind":"Name","value":"settlementDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"settlement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"refundCents"}},{"kind":"Field","name":{"kind":"Name","value":"bankReference"}},{"kind":"Field","name":{"kind":"Name","value":"settledAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"recordedAt"}}]}}]} as unknown as DocumentNode<HandoverFormQuery, HandoverFormQueryVariables>;
export const RecordHandoverDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RecordHandover"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"handover"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"HandoverInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recordHandover"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"handover"},"value":{"kind":"Variable","name":{"kind":"Name","value":"handover"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<RecordHandoverMutation, RecordHandoverMutationVariables>;
export const SettleDepositDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SettleDeposit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"method"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DepositSettlementMethod"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"bankReference"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"waived"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"settleDeposit"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}},{"kind":"Argument","name":{"kind":"Name","value":"method"},"value":{"kind":"Variable","name":{"kind":"Name","value":"method"}}},{"kind":"Argument","name":{"kind":"Name","value":"bankReference"},"value":{"kind":"Variable","name":{"kind":"Name","value":"bankReference"}}},{"kind":"Argument","name":{"kind":"Name","value":"waived"},"value":{"kind":"Variable","name":{"kind":"Name","value":"waived"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<SettleDepositMutation, SettleDepositMutationVariables>;
export const LedgerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Ledger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ledger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"entries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"item"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"amountCents"}},{"kind":"Field","name":{"kind":"Name","value":"itemCents"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}}]}},{"kind":"Field","name":{"kind":"Name","value":"chargedCents"}},{"kind":"Field","name":{"kind":"Name","value":"paidCents"}},{"kind":"Field","name":{"kind":"Name","value":"refundedCents"}},{"kind":"Field","name":{"kind":"Name","value":"depositHeldCents"}},{"kind":"Field","name":{"kind":"Name","value":"keptCents"}},{"kind":"Field","name":{"kind":"Name","value":"balanceCents"}}]}}]}}]} as unknown as DocumentNode<LedgerQuery, LedgerQueryVariables>;
export const OfferRenewalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OfferRenewal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"offerRenewal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<OfferRenewalMutation, OfferRenewalMutationVariables>;
export const AcceptRenewalForRenterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AcceptRenewalForRenter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptRenewalForRenter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<AcceptRenewalForRenterMutation, AcceptRenewalForRenterMutationVariables>;
export const DeclineRenewalForRenterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeclineRenewalForRenter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"declineRenewalForRenter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<DeclineRenewalForRenterMutation, DeclineRenewalForRenterMutationVariables>;
export const RenterAuditLogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RenterAuditLog"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"auditLog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"actor"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"details"}}]}}]}}]}}]} as unknown as DocumentNode<RenterAuditLogQuery, RenterAuditLogQueryVariables>;
export const RenterForEditDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RenterForEdit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"renterId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renterForEdit"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"renterId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"renterId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]} as unknown as DocumentNode<RenterForEditQuery, RenterForEditQueryVariables>;
export const UpdateRenterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateRenter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"update"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RenterUpdate"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateRenter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"update"},"value":{"kind":"Variable","name":{"kind":"Name","value":"update"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}}]}}]} as unknown as DocumentNode<UpdateRenterMutation, UpdateRenterMutationVariables>;
export const RenterWithDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RenterWithDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renterWithDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"emailValidated"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"PersonalDataFields"}},{"kind":"Field","name":{"kind":"Name","value":"bookings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BookingCardFields"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RenterDocumentsFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PersonalDataFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Renter"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"zip"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"birthday"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"gender"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BookingCardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Booking"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"apartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"renterEmailConfirmed"}},{"kind":"Field","name":{"kind":"Name","value":"renterIsUnlocked"}},{"kind":"Field","name":{"kind":"Name","value":"contractSigned"}},{"kind":"Field","name":{"kind":"Name","value":"apartmentPaid"}},{"kind":"Field","name":{"kind":"Name","value":"createdDate"}},{"kind":"Field","name":{"kind":"Name","value":"emailConfirmedDate"}},{"kind":"Field","name":{"kind":"Name","value":"ownerAcknowledgedDate"}},{"kind":"Field","name":{"kind":"Name","value":"contractRequestedDate"}},{"kind":"Field","name":{"kind":"Name","value":"contractSignedDate"}},{"kind":"Field","name":{"kind":"Name","value":"paidDate"}},{"kind":"Field","name":{"kind":"Name","value":"signingLink"}},{"kind":"Field","name":{"kind":"Name","value":"paymentLink"}},{"kind":"Field","name":{"kind":"Name","value":"accessKey"}},{"kind":"Field","name":{"kind":"Name","value":"keyCodeSentDate"}},{"kind":"Field","name":{"kind":"Name","value":"keyCodeDueDate"}},{"kind":"Field","name":{"kind":"Name","value":"renewal"}},{"kind":"Field","name":{"kind":"Name","value":"renewalDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"cancellation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"refundCents"}}]}},{"kind":"Field","name":{"kind":"Name","value":"inPayment"}},{"kind":"Field","name":{"kind":"Name","value":"disputeStatus"}},{"kind":"Field","name":{"kind":"Name","value":"refundFailure"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RenterDocumentsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Renter"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"uploaded"}}]}}]}}]} as unknown as DocumentNode<RenterWithDocumentQuery, RenterWithDocumentQueryVariables>;
export const ApproveIdentityCardDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApproveIdentityCard"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"approveIdentityCard"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}]}]}}]} as unknown as DocumentNode<ApproveIdentityCardMutation, ApproveIdentityCardMutationVariables>;
export const FreeApartmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"FreeApartment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"apartmentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"semesterId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"freeApartment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"apartmentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"apartmentId"}}},{"kind":"Argument","name":{"kind":"Name","value":"semesterId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"semesterId"}}}]}]}}]} as unknown as DocumentNode<FreeApartmentMutation, FreeApartmentMutationVariables>;
export const RentersByLetterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RentersByLetter"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentersByLetter"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"letter"}},{"kind":"Field","name":{"kind":"Name","value":"renters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<RentersByLetterQuery, RentersByLetterQueryVariables>;
export const RenterApartmentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RenterApartments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renterApartments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renterId"}},{"kind":"Field","name":{"kind":"Name","value":"apartments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<RenterApartmentsQuery, RenterApartmentsQueryVariables>;
export const RenterForExportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RenterForExport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"emailValidated"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"zip"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"birthday"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"nationality"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"bookings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"apartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}}]} as unknown as DocumentNode<RenterForExportQuery, RenterForExportQueryVariables>;
export const OfficeTasksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OfficeTasks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"officeTasks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"due"}},{"kind":"Field","name":{"kind":"Name","value":"renter"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"apartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<OfficeTasksQuery, OfficeTasksQueryVariables>;
export const SemesterStatisticsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SemesterStatistics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"semesterStatistics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"apartments"}},{"kind":"Field","name":{"kind":"Name","value":"held"}},{"kind":"Field","name":{"kind":"Name","value":"blocked"}},{"kind":"Field","name":{"kind":"Name","value":"rentExpected"}},{"kind":"Field","name":{"kind":"Name","value":"rentCollected"}}]}}]}}]} as unknown as DocumentNode<SemesterStatisticsQuery, SemesterStatisticsQueryVariables>;
export const SemesterBooksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SemesterBooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"semesterBooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"chargedCents"}},{"kind":"Field","name":{"kind":"Name","value":"paidCents"}},{"kind":"Field","name":{"kind":"Name","value":"refundedCents"}},{"kind":"Field","name":{"kind":"Name","value":"depositHeldCents"}},{"kind":"Field","name":{"kind":"Name","value":"keptCents"}},{"kind":"Field","name":{"kind":"Name","value":"openCents"}}]}}]}}]} as unknown as DocumentNode<SemesterBooksQuery, SemesterBooksQueryVariables>;
export const BooksExportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BooksExport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"format"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BooksExportFormat"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"booksExport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}},{"kind":"Argument","name":{"kind":"Name","value":"format"},"value":{"kind":"Variable","name":{"kind":"Name","value":"format"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"content"}}]}}]}}]} as unknown as DocumentNode<BooksExportQuery, BooksExportQueryVariables>;