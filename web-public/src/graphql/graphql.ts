/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type CreateRentingRequest = {
  apartmentId: number;
  /** yyyy-MM-dd */
  birthday: string;
  city: string;
  country: string;
  email: string;
  firstName: string;
  gender: Gender;
  /** Base64 file contents. */
  identityCardBack: string;
  /** Base64 file contents. */
  identityCardFront: string;
  /** Base64 enrollment certificate. */
  immatriculation: string;
  language: string;
  lastName: string;
  nationality: string;
  /** The token of a waitlist offer's link: books the apartment held for that offer, once (others find it taken; a second booking with it is WAITLIST_OFFER_INVALID). */
  offerToken?: string | null | undefined;
  phone: string;
  semesterId: number;
  street: string;
  zip: string;
};

/** Living area and equipment codes of an apartment. */
export type Feature =
  | 'BALCONY'
  | 'BUS_STOP'
  | 'FREE_WIFI'
  | 'FULLY_FURNISHED_APARTMENT'
  | 'KING_SIZE_BED'
  | 'KITCHEN'
  | 'LIFT'
  | 'MINI_BALCONY'
  | 'QUEEN_SIZE_BED'
  | 'SEPARATE_WASHROOM'
  | 'SHARED_WASHROOM'
  | 'SHOWER'
  | 'SIZE_20'
  | 'SIZE_21'
  | 'SIZE_22'
  | 'SIZE_24'
  | 'SIZE_25'
  | 'SIZE_26'
  | 'SIZE_27'
  | 'SIZE_31'
  | 'SIZE_32'
  | 'SIZE_36'
  | 'SIZE_UNKNOWN'
  | 'SMOKE_ALARM'
  | 'TERRACE';

export type Gender =
  | 'female'
  | 'male'
  | 'various';

/** A request to join the bookable semester's waitlist; the address owner confirms it by e-mail. */
export type JoinWaitlist = {
  email: string;
  /** Wish: only apartments on this floor (the building's floor id). */
  floorId?: number | null | undefined;
  /** de or en: the language of the mails. */
  language: string;
  /** Wish: only apartments of at least this many square metres. */
  minSize?: number | null | undefined;
  /** How the mails address the person. */
  name: string;
  semesterId: number;
};

/** Where a payment stands. */
export type PaymentStatus =
  /** The last attempt failed; the rent is still payable. */
  | 'FAILED'
  | 'OPEN'
  | 'PAID';

export type RentingRenewal = {
  birthday: string;
  city: string;
  country: string;
  firstName: string;
  gender: Gender;
  /** Base64 enrollment certificate. */
  immatriculation: string;
  language: string;
  lastName: string;
  nationality: string;
  phone: string;
  street: string;
  zip: string;
};

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

export type ReselectRequest = {
  apartmentId: number;
  rentingId: string | number;
};

export type ResidenceQueryVariables = Exact<{ [key: string]: never; }>;


export type ResidenceQuery = { building: { id: number, name: string, address: string, contact: { email: string, phone: string } } };

export type ErasureStateQueryVariables = Exact<{
  token: string;
}>;


export type ErasureStateQuery = { renterPage: { token: string, erasureRequestedAt: string | null } | null };

export type RequestErasureMutationVariables = Exact<{
  token: string;
}>;


export type RequestErasureMutation = { requestErasure: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type ExtendBookingQueryVariables = Exact<{
  rentingId: string | number;
  token: string;
}>;


export type ExtendBookingQuery = { extendBookingQuery: { apartment: { id: number, name: string, descriptionDe: string, descriptionEn: string, pricePerMonth: number, features: Array<Feature>, pictures: Array<{ name: string, url: string, width: number, height: number, descriptionDe: string, descriptionEn: string, sources: Array<{ type: string, srcset: string }> }> }, semester: { id: number, name: string, startDate: string, endDate: string }, priceCalculation: { total: number, items: Array<{ textDe: string, textEn: string, qty: number, amount: number, total: number }> } } | null, renterByRentingId: { birthday: string, city: string, country: string, email: string, firstName: string, lastName: string, zip: string, gender: Gender, phone: string, street: string, nationality: string } | null };

export type ApproveRenewalMutationVariables = Exact<{
  rentingId: string | number;
  token: string;
  rentingRenewal: RentingRenewal;
}>;


export type ApproveRenewalMutation = { approveRenewal: { uuid: string | null, exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type DeclineRenewalMutationVariables = Exact<{
  rentingId: string | number;
  token: string;
}>;


export type DeclineRenewalMutation = { declineRenewal: { uuid: string | null, exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type RenterPageQueryVariables = Exact<{
  token: string;
}>;


export type RenterPageQuery = { renterPage: { token: string, firstName: string, lastName: string, email: string, language: string, street: string, zip: string, city: string, country: string, birthday: string, phone: string, nationality: string, gender: Gender, emailValidated: boolean, linkExpiresAt: string, bookings: Array<{ rentingId: string, state: RentingState, renewal: boolean, renewalDeadline: string | null, createdDate: string | null, emailConfirmedDate: string | null, ownerAcknowledgedDate: string | null, contractSignedDate: string | null, paidDate: string | null, accessKey: string | null, apartment: { id: number, name: string }, semester: { id: number, name: string, startDate: string, endDate: string } }>, payments: Array<{ rentingId: string, amount: number, currency: string, status: PaymentStatus, createdAt: string, paidAt: string | null, receiptNumber: number | null }> } | null };

export type RequestRenterPageLinkMutationVariables = Exact<{
  email: string;
}>;


export type RequestRenterPageLinkMutation = { requestRenterPageLink: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type WithdrawRentingRequestMutationVariables = Exact<{
  token: string;
  rentingId: string | number;
}>;


export type WithdrawRentingRequestMutation = { withdrawRentingRequest: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type MyMailsQueryVariables = Exact<{
  token: string;
}>;


export type MyMailsQuery = { renterPage: { token: string, mails: Array<{ subject: string, text: string, writtenAt: string, sentAt: string | null }> } | null };

export type AvailableApartmentsQueryVariables = Exact<{ [key: string]: never; }>;


export type AvailableApartmentsQuery = { availableApartments: { bookableSemester: { id: number, name: string }, building: { id: number, name: string, floors: Array<{ id: number, name: string, plan: string, apartments: Array<{ id: number, name: string, pricePerMonth: number, x: number, y: number }> }> }, apartmentBookable: Array<{ apartmentId: number, free: boolean }> } };

export type ReselectApartmentMutationVariables = Exact<{
  request: ReselectRequest;
}>;


export type ReselectApartmentMutation = { reselectApartment: { uuid: string | null, exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type BookableSemesterQueryVariables = Exact<{ [key: string]: never; }>;


export type BookableSemesterQuery = { bookableSemester: { id: number, name: string, startDate: string, endDate: string } | null };

export type BookApartmentQueryVariables = Exact<{
  aid: number;
  sid: number;
}>;


export type BookApartmentQuery = { bookApartment: { apartment: { id: number, name: string, descriptionDe: string, descriptionEn: string, pricePerMonth: number, features: Array<Feature>, pictures: Array<{ name: string, url: string, width: number, height: number, descriptionDe: string, descriptionEn: string, sources: Array<{ type: string, srcset: string }> }> }, semester: { id: number, name: string, startDate: string, endDate: string }, priceCalculation: { total: number, items: Array<{ textDe: string, textEn: string, qty: number, amount: number, total: number }> } } };

export type CreateRentingRequestMutationVariables = Exact<{
  create: CreateRentingRequest;
}>;


export type CreateRentingRequestMutation = { createRentingRequest: { uuid: string | null, exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type ApartmentAvailabilityQueryVariables = Exact<{ [key: string]: never; }>;


export type ApartmentAvailabilityQuery = { availableApartments: { bookableSemester: { id: number }, apartmentBookable: Array<{ apartmentId: number, free: boolean }> } };

export type JoinWaitlistMutationVariables = Exact<{
  join: JoinWaitlist;
}>;


export type JoinWaitlistMutation = { joinWaitlist: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type ConfirmWaitlistEntryMutationVariables = Exact<{
  token: string;
}>;


export type ConfirmWaitlistEntryMutation = { confirmWaitlistEntry: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export type ApartmentDetailFragment = { id: number, name: string, descriptionDe: string, descriptionEn: string, pricePerMonth: number, features: Array<Feature>, pictures: Array<{ name: string, url: string, width: number, height: number, descriptionDe: string, descriptionEn: string, sources: Array<{ type: string, srcset: string }> }> };

export type SemesterFieldsFragment = { id: number, name: string, startDate: string, endDate: string };

export type PriceFieldsFragment = { total: number, items: Array<{ textDe: string, textEn: string, qty: number, amount: number, total: number }> };

export type ExceptionFieldsFragment = { path: string | null, messageId: string, params: Array<{ key: string, value: string }> };

export type RentingResultFieldsFragment = { uuid: string | null, exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null };

export type ProgressFieldsFragment = { rentingId: string, state: RentingState, cancellationReason: string | null, inPayment: boolean, apartment: { id: number, name: string }, semester: { id: number, name: string }, priceCalculation: { total: number } };

export type FetchSigningLinkQueryVariables = Exact<{
  rentingId: string | number;
}>;


export type FetchSigningLinkQuery = { fetchSigningLink: string | null, bookingProgress: { rentingId: string, state: RentingState, cancellationReason: string | null, inPayment: boolean, apartment: { id: number, name: string }, semester: { id: number, name: string }, priceCalculation: { total: number } } | null };

export type FetchPaymentLinkQueryVariables = Exact<{
  rentingId: string | number;
}>;


export type FetchPaymentLinkQuery = { fetchPaymentLink: string | null, bookingProgress: { rentingId: string, state: RentingState, cancellationReason: string | null, inPayment: boolean, apartment: { id: number, name: string }, semester: { id: number, name: string }, priceCalculation: { total: number } } | null };

export type BookingProgressQueryVariables = Exact<{
  rentingId: string | number;
}>;


export type BookingProgressQuery = { bookingProgress: { rentingId: string, state: RentingState, cancellationReason: string | null, inPayment: boolean, apartment: { id: number, name: string }, semester: { id: number, name: string }, priceCalculation: { total: number } } | null };

export type ResendConfirmationMailMutationVariables = Exact<{
  token: string;
  rentingId: string | number;
}>;


export type ResendConfirmationMailMutation = { resendConfirmationMail: { exception: { path: string | null, messageId: string, params: Array<{ key: string, value: string }> } | null } };

export const ApartmentDetailFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApartmentDetail"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Apartment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionDe"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionEn"}},{"kind":"Field","name":{"kind":"Name","value":"pricePerMonth"}},{"kind":"Field","name":{"kind":"Name","value":"features"}},{"kind":"Field","name":{"kind":"Name","value":"pictures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"width"}},{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"sources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"srcset"}}]}},{"kind":"Field","name":{"kind":"Name","value":"descriptionDe"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionEn"}}]}}]}}]} as unknown as DocumentNode<ApartmentDetailFragment, unknown>;
export const SemesterFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SemesterFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Semester"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}}]}}]} as unknown as DocumentNode<SemesterFieldsFragment, unknown>;
export const PriceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PriceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PriceCalculation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"textDe"}},{"kind":"Field","name":{"kind":"Name","value":"textEn"}},{"kind":"Field","name":{"kind":"Name","value":"qty"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]} as unknown as DocumentNode<PriceFieldsFragment, unknown>;
export const ExceptionFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]} as unknown as DocumentNode<ExceptionFieldsFragment, unknown>;
export const RentingResultFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RentingResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RentingResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]} as unknown as DocumentNode<RentingResultFieldsFragment, unknown>;
export const ProgressFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProgressFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BookingProgress"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"apartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"priceCalculation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"inPayment"}}]}}]} as unknown as DocumentNode<ProgressFieldsFragment, unknown>;
export const ResidenceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Residence"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"building"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}}]}}]}}]}}]} as unknown as DocumentNode<ResidenceQuery, ResidenceQueryVariables>;
export const ErasureStateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ErasureState"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renterPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"erasureRequestedAt"}}]}}]}}]} as unknown as DocumentNode<ErasureStateQuery, ErasureStateQueryVariables>;
export const RequestErasureDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RequestErasure"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestErasure"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]} as unknown as DocumentNode<RequestErasureMutation, RequestErasureMutationVariables>;
export const ExtendBookingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExtendBooking"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"extendBookingQuery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}},{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApartmentDetail"}}]}},{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SemesterFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"priceCalculation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PriceFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"renterByRentingId"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}},{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"birthday"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"zip"}},{"kind":"Field","name":{"kind":"Name","value":"gender"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"nationality"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApartmentDetail"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Apartment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionDe"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionEn"}},{"kind":"Field","name":{"kind":"Name","value":"pricePerMonth"}},{"kind":"Field","name":{"kind":"Name","value":"features"}},{"kind":"Field","name":{"kind":"Name","value":"pictures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"width"}},{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"sources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"srcset"}}]}},{"kind":"Field","name":{"kind":"Name","value":"descriptionDe"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionEn"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SemesterFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Semester"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PriceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PriceCalculation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"textDe"}},{"kind":"Field","name":{"kind":"Name","value":"textEn"}},{"kind":"Field","name":{"kind":"Name","value":"qty"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]} as unknown as DocumentNode<ExtendBookingQuery, ExtendBookingQueryVariables>;
export const ApproveRenewalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApproveRenewal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingRenewal"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RentingRenewal"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"approveRenewal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}},{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}},{"kind":"Argument","name":{"kind":"Name","value":"rentingRenewal"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingRenewal"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RentingResultFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RentingResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RentingResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]} as unknown as DocumentNode<ApproveRenewalMutation, ApproveRenewalMutationVariables>;
export const DeclineRenewalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeclineRenewal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"declineRenewal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}},{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RentingResultFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RentingResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RentingResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]} as unknown as DocumentNode<DeclineRenewalMutation, DeclineRenewalMutationVariables>;
export const RenterPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RenterPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renterPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"zip"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"birthday"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"nationality"}},{"kind":"Field","name":{"kind":"Name","value":"gender"}},{"kind":"Field","name":{"kind":"Name","value":"emailValidated"}},{"kind":"Field","name":{"kind":"Name","value":"linkExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"bookings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"renewal"}},{"kind":"Field","name":{"kind":"Name","value":"renewalDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"apartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdDate"}},{"kind":"Field","name":{"kind":"Name","value":"emailConfirmedDate"}},{"kind":"Field","name":{"kind":"Name","value":"ownerAcknowledgedDate"}},{"kind":"Field","name":{"kind":"Name","value":"contractSignedDate"}},{"kind":"Field","name":{"kind":"Name","value":"paidDate"}},{"kind":"Field","name":{"kind":"Name","value":"accessKey"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"receiptNumber"}}]}}]}}]}}]} as unknown as DocumentNode<RenterPageQuery, RenterPageQueryVariables>;
export const RequestRenterPageLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RequestRenterPageLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestRenterPageLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]} as unknown as DocumentNode<RequestRenterPageLinkMutation, RequestRenterPageLinkMutationVariables>;
export const WithdrawRentingRequestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WithdrawRentingRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"withdrawRentingRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}},{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]} as unknown as DocumentNode<WithdrawRentingRequestMutation, WithdrawRentingRequestMutationVariables>;
export const MyMailsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyMails"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renterPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"mails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"writtenAt"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}}]}}]}}]}}]} as unknown as DocumentNode<MyMailsQuery, MyMailsQueryVariables>;
export const AvailableApartmentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AvailableApartments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"availableApartments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bookableSemester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"building"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"floors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"apartments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"pricePerMonth"}},{"kind":"Field","name":{"kind":"Name","value":"x"}},{"kind":"Field","name":{"kind":"Name","value":"y"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"apartmentBookable"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apartmentId"}},{"kind":"Field","name":{"kind":"Name","value":"free"}}]}}]}}]}}]} as unknown as DocumentNode<AvailableApartmentsQuery, AvailableApartmentsQueryVariables>;
export const ReselectApartmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReselectApartment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"request"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReselectRequest"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reselectApartment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"request"},"value":{"kind":"Variable","name":{"kind":"Name","value":"request"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RentingResultFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RentingResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RentingResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]} as unknown as DocumentNode<ReselectApartmentMutation, ReselectApartmentMutationVariables>;
export const BookableSemesterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BookableSemester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bookableSemester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SemesterFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SemesterFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Semester"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}}]}}]} as unknown as DocumentNode<BookableSemesterQuery, BookableSemesterQueryVariables>;
export const BookApartmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BookApartment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"aid"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sid"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bookApartment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"aid"},"value":{"kind":"Variable","name":{"kind":"Name","value":"aid"}}},{"kind":"Argument","name":{"kind":"Name","value":"sid"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sid"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApartmentDetail"}}]}},{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SemesterFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"priceCalculation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PriceFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApartmentDetail"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Apartment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionDe"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionEn"}},{"kind":"Field","name":{"kind":"Name","value":"pricePerMonth"}},{"kind":"Field","name":{"kind":"Name","value":"features"}},{"kind":"Field","name":{"kind":"Name","value":"pictures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"width"}},{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"sources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"srcset"}}]}},{"kind":"Field","name":{"kind":"Name","value":"descriptionDe"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionEn"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SemesterFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Semester"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PriceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PriceCalculation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"textDe"}},{"kind":"Field","name":{"kind":"Name","value":"textEn"}},{"kind":"Field","name":{"kind":"Name","value":"qty"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]} as unknown as DocumentNode<BookApartmentQuery, BookApartmentQueryVariables>;
export const CreateRentingRequestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateRentingRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"create"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateRentingRequest"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createRentingRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"create"},"value":{"kind":"Variable","name":{"kind":"Name","value":"create"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RentingResultFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RentingResultFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RentingResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]} as unknown as DocumentNode<CreateRentingRequestMutation, CreateRentingRequestMutationVariables>;
export const ApartmentAvailabilityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApartmentAvailability"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"availableApartments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bookableSemester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"apartmentBookable"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apartmentId"}},{"kind":"Field","name":{"kind":"Name","value":"free"}}]}}]}}]}}]} as unknown as DocumentNode<ApartmentAvailabilityQuery, ApartmentAvailabilityQueryVariables>;
export const JoinWaitlistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"JoinWaitlist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"join"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JoinWaitlist"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"joinWaitlist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"join"},"value":{"kind":"Variable","name":{"kind":"Name","value":"join"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]}}]} as unknown as DocumentNode<JoinWaitlistMutation, JoinWaitlistMutationVariables>;
export const ConfirmWaitlistEntryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConfirmWaitlistEntry"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"confirmWaitlistEntry"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ConfirmWaitlistEntryMutation, ConfirmWaitlistEntryMutationVariables>;
export const FetchSigningLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FetchSigningLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fetchSigningLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}]},{"kind":"Field","name":{"kind":"Name","value":"bookingProgress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProgressFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProgressFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BookingProgress"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"apartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"priceCalculation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"inPayment"}}]}}]} as unknown as DocumentNode<FetchSigningLinkQuery, FetchSigningLinkQueryVariables>;
export const FetchPaymentLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FetchPaymentLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fetchPaymentLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}]},{"kind":"Field","name":{"kind":"Name","value":"bookingProgress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProgressFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProgressFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BookingProgress"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"apartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"priceCalculation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"inPayment"}}]}}]} as unknown as DocumentNode<FetchPaymentLinkQuery, FetchPaymentLinkQueryVariables>;
export const BookingProgressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BookingProgress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bookingProgress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProgressFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProgressFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BookingProgress"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rentingId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"apartment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"semester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"priceCalculation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"inPayment"}}]}}]} as unknown as DocumentNode<BookingProgressQuery, BookingProgressQueryVariables>;
export const ResendConfirmationMailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResendConfirmationMail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resendConfirmationMail"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}},{"kind":"Argument","name":{"kind":"Name","value":"rentingId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rentingId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exception"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExceptionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExceptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserDataException"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"params"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]} as unknown as DocumentNode<ResendConfirmationMailMutation, ResendConfirmationMailMutationVariables>;