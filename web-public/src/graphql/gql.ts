/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Residence {\n    building {\n      id\n      name\n      address\n      contact {\n        email\n        phone\n      }\n    }\n  }\n": typeof types.ResidenceDocument,
    "\n  query ErasureState($token: String!) {\n    renterPage(token: $token) {\n      token\n      erasureRequestedAt\n    }\n  }\n": typeof types.ErasureStateDocument,
    "\n  mutation RequestErasure($token: String!) {\n    requestErasure(token: $token) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.RequestErasureDocument,
    "\n  query ExtendBooking($rentingId: ID!, $token: String!) {\n    extendBookingQuery(rentingId: $rentingId, token: $token) {\n      apartment {\n        ...ApartmentDetail\n      }\n      semester {\n        ...SemesterFields\n      }\n      priceCalculation {\n        ...PriceFields\n      }\n    }\n    renterByRentingId(rentingId: $rentingId, token: $token) {\n      birthday\n      city\n      country\n      email\n      firstName\n      lastName\n      zip\n      gender\n      phone\n      street\n      nationality\n    }\n  }\n": typeof types.ExtendBookingDocument,
    "\n  mutation ApproveRenewal($rentingId: ID!, $token: String!, $rentingRenewal: RentingRenewal!) {\n    approveRenewal(rentingId: $rentingId, token: $token, rentingRenewal: $rentingRenewal) {\n      ...RentingResultFields\n    }\n  }\n": typeof types.ApproveRenewalDocument,
    "\n  mutation DeclineRenewal($rentingId: ID!, $token: String!) {\n    declineRenewal(rentingId: $rentingId, token: $token) {\n      ...RentingResultFields\n    }\n  }\n": typeof types.DeclineRenewalDocument,
    "\n  query RenterPage($token: String!) {\n    renterPage(token: $token) {\n      token\n      firstName\n      lastName\n      email\n      language\n      street\n      zip\n      city\n      country\n      birthday\n      phone\n      nationality\n      gender\n      emailValidated\n      linkExpiresAt\n      bookings {\n        rentingId\n        state\n        renewal\n        renewalDeadline\n        apartment {\n          id\n          name\n        }\n        semester {\n          id\n          name\n          startDate\n          endDate\n        }\n        createdDate\n        emailConfirmedDate\n        ownerAcknowledgedDate\n        contractSignedDate\n        paidDate\n        accessKey\n      }\n      payments {\n        rentingId\n        amount\n        currency\n        status\n        createdAt\n        paidAt\n        receiptNumber\n      }\n      handovers {\n        ...MyHandoverFields\n      }\n    }\n  }\n": typeof types.RenterPageDocument,
    "\n  mutation RequestRenterPageLink($email: String!) {\n    requestRenterPageLink(email: $email) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.RequestRenterPageLinkDocument,
    "\n  mutation WithdrawRentingRequest($token: String!, $rentingId: ID!) {\n    withdrawRentingRequest(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.WithdrawRentingRequestDocument,
    "\n  query MyMails($token: String!) {\n    renterPage(token: $token) {\n      token\n      mails {\n        subject\n        text\n        writtenAt\n        sentAt\n      }\n    }\n  }\n": typeof types.MyMailsDocument,
    "\n  query AvailableApartments {\n    availableApartments {\n      bookableSemester {\n        id\n        name\n      }\n      building {\n        id\n        name\n        floors {\n          id\n          name\n          plan\n          apartments {\n            id\n            name\n            pricePerMonth\n            x\n            y\n          }\n        }\n      }\n      apartmentBookable {\n        apartmentId\n        free\n      }\n    }\n  }\n": typeof types.AvailableApartmentsDocument,
    "\n  mutation ReselectApartment($request: ReselectRequest!) {\n    reselectApartment(request: $request) {\n      ...RentingResultFields\n    }\n  }\n": typeof types.ReselectApartmentDocument,
    "\n  query BookableSemester {\n    bookableSemester {\n      ...SemesterFields\n    }\n  }\n": typeof types.BookableSemesterDocument,
    "\n  query BookApartment($aid: Int!, $sid: Int!) {\n    bookApartment(aid: $aid, sid: $sid) {\n      apartment {\n        ...ApartmentDetail\n      }\n      semester {\n        ...SemesterFields\n      }\n      priceCalculation {\n        ...PriceFields\n      }\n    }\n  }\n": typeof types.BookApartmentDocument,
    "\n  mutation CreateRentingRequest($create: CreateRentingRequest!) {\n    createRentingRequest(create: $create) {\n      ...RentingResultFields\n    }\n  }\n": typeof types.CreateRentingRequestDocument,
    "\n  query ApartmentAvailability {\n    availableApartments {\n      bookableSemester {\n        id\n      }\n      apartmentBookable {\n        apartmentId\n        free\n      }\n    }\n  }\n": typeof types.ApartmentAvailabilityDocument,
    "\n  mutation JoinWaitlist($join: JoinWaitlist!) {\n    joinWaitlist(join: $join) {\n      exception {\n        path\n        messageId\n        params {\n          key\n          value\n        }\n      }\n    }\n  }\n": typeof types.JoinWaitlistDocument,
    "\n  mutation ConfirmWaitlistEntry($token: String!) {\n    confirmWaitlistEntry(token: $token) {\n      exception {\n        path\n        messageId\n        params {\n          key\n          value\n        }\n      }\n    }\n  }\n": typeof types.ConfirmWaitlistEntryDocument,
    "\n  fragment ApartmentDetail on Apartment {\n    id\n    name\n    descriptionDe\n    descriptionEn\n    pricePerMonth\n    features\n    pictures {\n      name\n      url\n      width\n      height\n      sources {\n        type\n        srcset\n      }\n      descriptionDe\n      descriptionEn\n    }\n  }\n": typeof types.ApartmentDetailFragmentDoc,
    "\n  fragment SemesterFields on Semester {\n    id\n    name\n    startDate\n    endDate\n  }\n": typeof types.SemesterFieldsFragmentDoc,
    "\n  fragment PriceFields on PriceCalculation {\n    items {\n      textDe\n      textEn\n      qty\n      amount\n      total\n    }\n    total\n  }\n": typeof types.PriceFieldsFragmentDoc,
    "\n  fragment ExceptionFields on UserDataException {\n    path\n    messageId\n    params {\n      key\n      value\n    }\n  }\n": typeof types.ExceptionFieldsFragmentDoc,
    "\n  fragment RentingResultFields on RentingResult {\n    uuid\n    exception {\n      ...ExceptionFields\n    }\n  }\n": typeof types.RentingResultFieldsFragmentDoc,
    "\n  fragment ProgressFields on BookingProgress {\n    rentingId\n    state\n    apartment {\n      id\n      name\n    }\n    semester {\n      id\n      name\n    }\n    priceCalculation {\n      total\n    }\n    cancellationReason\n    inPayment\n  }\n": typeof types.ProgressFieldsFragmentDoc,
    "\n  query FetchSigningLink($rentingId: ID!) {\n    fetchSigningLink(rentingId: $rentingId)\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n": typeof types.FetchSigningLinkDocument,
    "\n  query FetchPaymentLink($rentingId: ID!) {\n    fetchPaymentLink(rentingId: $rentingId)\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n": typeof types.FetchPaymentLinkDocument,
    "\n  query BookingProgress($rentingId: ID!) {\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n": typeof types.BookingProgressDocument,
    "\n  mutation ResendConfirmationMail($token: String!, $rentingId: ID!) {\n    resendConfirmationMail(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.ResendConfirmationMailDocument,
    "\n  fragment MyHandoverFields on Handover {\n    rentingId\n    date\n    meterReadings {\n      meter\n      value\n    }\n    damages {\n      description\n      amountCents\n      photos {\n        documentId\n      }\n      waived\n    }\n    depositCents\n    deductionsCents\n    refundCents\n    status\n    answerDeadline\n    disputeReason\n    answeredAt\n    settlement {\n      method\n      refundCents\n      bankReference\n      settledAt\n    }\n  }\n": typeof types.MyHandoverFieldsFragmentDoc,
    "\n  mutation ConfirmHandover($token: String!, $rentingId: ID!) {\n    confirmHandover(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.ConfirmHandoverDocument,
    "\n  mutation DisputeHandover($token: String!, $rentingId: ID!, $reason: String!) {\n    disputeHandover(token: $token, rentingId: $rentingId, reason: $reason) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.DisputeHandoverDocument,
};
const documents: Documents = {
    "\n  query Residence {\n    building {\n      id\n      name\n      address\n      contact {\n        email\n        phone\n      }\n    }\n  }\n": types.ResidenceDocument,
    "\n  query ErasureState($token: String!) {\n    renterPage(token: $token) {\n      token\n      erasureRequestedAt\n    }\n  }\n": types.ErasureStateDocument,
    "\n  mutation RequestErasure($token: String!) {\n    requestErasure(token: $token) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.RequestErasureDocument,
    "\n  query ExtendBooking($rentingId: ID!, $token: String!) {\n    extendBookingQuery(rentingId: $rentingId, token: $token) {\n      apartment {\n        ...ApartmentDetail\n      }\n      semester {\n        ...SemesterFields\n      }\n      priceCalculation {\n        ...PriceFields\n      }\n    }\n    renterByRentingId(rentingId: $rentingId, token: $token) {\n      birthday\n      city\n      country\n      email\n      firstName\n      lastName\n      zip\n      gender\n      phone\n      street\n      nationality\n    }\n  }\n": types.ExtendBookingDocument,
    "\n  mutation ApproveRenewal($rentingId: ID!, $token: String!, $rentingRenewal: RentingRenewal!) {\n    approveRenewal(rentingId: $rentingId, token: $token, rentingRenewal: $rentingRenewal) {\n      ...RentingResultFields\n    }\n  }\n": types.ApproveRenewalDocument,
    "\n  mutation DeclineRenewal($rentingId: ID!, $token: String!) {\n    declineRenewal(rentingId: $rentingId, token: $token) {\n      ...RentingResultFields\n    }\n  }\n": types.DeclineRenewalDocument,
    "\n  query RenterPage($token: String!) {\n    renterPage(token: $token) {\n      token\n      firstName\n      lastName\n      email\n      language\n      street\n      zip\n      city\n      country\n      birthday\n      phone\n      nationality\n      gender\n      emailValidated\n      linkExpiresAt\n      bookings {\n        rentingId\n        state\n        renewal\n        renewalDeadline\n        apartment {\n          id\n          name\n        }\n        semester {\n          id\n          name\n          startDate\n          endDate\n        }\n        createdDate\n        emailConfirmedDate\n        ownerAcknowledgedDate\n        contractSignedDate\n        paidDate\n        accessKey\n      }\n      payments {\n        rentingId\n        amount\n        currency\n        status\n        createdAt\n        paidAt\n        receiptNumber\n      }\n      handovers {\n        ...MyHandoverFields\n      }\n    }\n  }\n": types.RenterPageDocument,
    "\n  mutation RequestRenterPageLink($email: String!) {\n    requestRenterPageLink(email: $email) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.RequestRenterPageLinkDocument,
    "\n  mutation WithdrawRentingRequest($token: String!, $rentingId: ID!) {\n    withdrawRentingRequest(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.WithdrawRentingRequestDocument,
    "\n  query MyMails($token: String!) {\n    renterPage(token: $token) {\n      token\n      mails {\n        subject\n        text\n        writtenAt\n        sentAt\n      }\n    }\n  }\n": types.MyMailsDocument,
    "\n  query AvailableApartments {\n    availableApartments {\n      bookableSemester {\n        id\n        name\n      }\n      building {\n        id\n        name\n        floors {\n          id\n          name\n          plan\n          apartments {\n            id\n            name\n            pricePerMonth\n            x\n            y\n          }\n        }\n      }\n      apartmentBookable {\n        apartmentId\n        free\n      }\n    }\n  }\n": types.AvailableApartmentsDocument,
    "\n  mutation ReselectApartment($request: ReselectRequest!) {\n    reselectApartment(request: $request) {\n      ...RentingResultFields\n    }\n  }\n": types.ReselectApartmentDocument,
    "\n  query BookableSemester {\n    bookableSemester {\n      ...SemesterFields\n    }\n  }\n": types.BookableSemesterDocument,
    "\n  query BookApartment($aid: Int!, $sid: Int!) {\n    bookApartment(aid: $aid, sid: $sid) {\n      apartment {\n        ...ApartmentDetail\n      }\n      semester {\n        ...SemesterFields\n      }\n      priceCalculation {\n        ...PriceFields\n      }\n    }\n  }\n": types.BookApartmentDocument,
    "\n  mutation CreateRentingRequest($create: CreateRentingRequest!) {\n    createRentingRequest(create: $create) {\n      ...RentingResultFields\n    }\n  }\n": types.CreateRentingRequestDocument,
    "\n  query ApartmentAvailability {\n    availableApartments {\n      bookableSemester {\n        id\n      }\n      apartmentBookable {\n        apartmentId\n        free\n      }\n    }\n  }\n": types.ApartmentAvailabilityDocument,
    "\n  mutation JoinWaitlist($join: JoinWaitlist!) {\n    joinWaitlist(join: $join) {\n      exception {\n        path\n        messageId\n        params {\n          key\n          value\n        }\n      }\n    }\n  }\n": types.JoinWaitlistDocument,
    "\n  mutation ConfirmWaitlistEntry($token: String!) {\n    confirmWaitlistEntry(token: $token) {\n      exception {\n        path\n        messageId\n        params {\n          key\n          value\n        }\n      }\n    }\n  }\n": types.ConfirmWaitlistEntryDocument,
    "\n  fragment ApartmentDetail on Apartment {\n    id\n    name\n    descriptionDe\n    descriptionEn\n    pricePerMonth\n    features\n    pictures {\n      name\n      url\n      width\n      height\n      sources {\n        type\n        srcset\n      }\n      descriptionDe\n      descriptionEn\n    }\n  }\n": types.ApartmentDetailFragmentDoc,
    "\n  fragment SemesterFields on Semester {\n    id\n    name\n    startDate\n    endDate\n  }\n": types.SemesterFieldsFragmentDoc,
    "\n  fragment PriceFields on PriceCalculation {\n    items {\n      textDe\n      textEn\n      qty\n      amount\n      total\n    }\n    total\n  }\n": types.PriceFieldsFragmentDoc,
    "\n  fragment ExceptionFields on UserDataException {\n    path\n    messageId\n    params {\n      key\n      value\n    }\n  }\n": types.ExceptionFieldsFragmentDoc,
    "\n  fragment RentingResultFields on RentingResult {\n    uuid\n    exception {\n      ...ExceptionFields\n    }\n  }\n": types.RentingResultFieldsFragmentDoc,
    "\n  fragment ProgressFields on BookingProgress {\n    rentingId\n    state\n    apartment {\n      id\n      name\n    }\n    semester {\n      id\n      name\n    }\n    priceCalculation {\n      total\n    }\n    cancellationReason\n    inPayment\n  }\n": types.ProgressFieldsFragmentDoc,
    "\n  query FetchSigningLink($rentingId: ID!) {\n    fetchSigningLink(rentingId: $rentingId)\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n": types.FetchSigningLinkDocument,
    "\n  query FetchPaymentLink($rentingId: ID!) {\n    fetchPaymentLink(rentingId: $rentingId)\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n": types.FetchPaymentLinkDocument,
    "\n  query BookingProgress($rentingId: ID!) {\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n": types.BookingProgressDocument,
    "\n  mutation ResendConfirmationMail($token: String!, $rentingId: ID!) {\n    resendConfirmationMail(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.ResendConfirmationMailDocument,
    "\n  fragment MyHandoverFields on Handover {\n    rentingId\n    date\n    meterReadings {\n      meter\n      value\n    }\n    damages {\n      description\n      amountCents\n      photos {\n        documentId\n      }\n      waived\n    }\n    depositCents\n    deductionsCents\n    refundCents\n    status\n    answerDeadline\n    disputeReason\n    answeredAt\n    settlement {\n      method\n      refundCents\n      bankReference\n      settledAt\n    }\n  }\n": types.MyHandoverFieldsFragmentDoc,
    "\n  mutation ConfirmHandover($token: String!, $rentingId: ID!) {\n    confirmHandover(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.ConfirmHandoverDocument,
    "\n  mutation DisputeHandover($token: String!, $rentingId: ID!, $reason: String!) {\n    disputeHandover(token: $token, rentingId: $rentingId, reason: $reason) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.DisputeHandoverDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Residence {\n    building {\n      id\n      name\n      address\n      contact {\n        email\n        phone\n      }\n    }\n  }\n"): (typeof documents)["\n  query Residence {\n    building {\n      id\n      name\n      address\n      contact {\n        email\n        phone\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ErasureState($token: String!) {\n    renterPage(token: $token) {\n      token\n      erasureRequestedAt\n    }\n  }\n"): (typeof documents)["\n  query ErasureState($token: String!) {\n    renterPage(token: $token) {\n      token\n      erasureRequestedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestErasure($token: String!) {\n    requestErasure(token: $token) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RequestErasure($token: String!) {\n    requestErasure(token: $token) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExtendBooking($rentingId: ID!, $token: String!) {\n    extendBookingQuery(rentingId: $rentingId, token: $token) {\n      apartment {\n        ...ApartmentDetail\n      }\n      semester {\n        ...SemesterFields\n      }\n      priceCalculation {\n        ...PriceFields\n      }\n    }\n    renterByRentingId(rentingId: $rentingId, token: $token) {\n      birthday\n      city\n      country\n      email\n      firstName\n      lastName\n      zip\n      gender\n      phone\n      street\n      nationality\n    }\n  }\n"): (typeof documents)["\n  query ExtendBooking($rentingId: ID!, $token: String!) {\n    extendBookingQuery(rentingId: $rentingId, token: $token) {\n      apartment {\n        ...ApartmentDetail\n      }\n      semester {\n        ...SemesterFields\n      }\n      priceCalculation {\n        ...PriceFields\n      }\n    }\n    renterByRentingId(rentingId: $rentingId, token: $token) {\n      birthday\n      city\n      country\n      email\n      firstName\n      lastName\n      zip\n      gender\n      phone\n      street\n      nationality\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveRenewal($rentingId: ID!, $token: String!, $rentingRenewal: RentingRenewal!) {\n    approveRenewal(rentingId: $rentingId, token: $token, rentingRenewal: $rentingRenewal) {\n      ...RentingResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveRenewal($rentingId: ID!, $token: String!, $rentingRenewal: RentingRenewal!) {\n    approveRenewal(rentingId: $rentingId, token: $token, rentingRenewal: $rentingRenewal) {\n      ...RentingResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineRenewal($rentingId: ID!, $token: String!) {\n    declineRenewal(rentingId: $rentingId, token: $token) {\n      ...RentingResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeclineRenewal($rentingId: ID!, $token: String!) {\n    declineRenewal(rentingId: $rentingId, token: $token) {\n      ...RentingResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RenterPage($token: String!) {\n    renterPage(token: $token) {\n      token\n      firstName\n      lastName\n      email\n      language\n      street\n      zip\n      city\n      country\n      birthday\n      phone\n      nationality\n      gender\n      emailValidated\n      linkExpiresAt\n      bookings {\n        rentingId\n        state\n        renewal\n        renewalDeadline\n        apartment {\n          id\n          name\n        }\n        semester {\n          id\n          name\n          startDate\n          endDate\n        }\n        createdDate\n        emailConfirmedDate\n        ownerAcknowledgedDate\n        contractSignedDate\n        paidDate\n        accessKey\n      }\n      payments {\n        rentingId\n        amount\n        currency\n        status\n        createdAt\n        paidAt\n        receiptNumber\n      }\n      handovers {\n        ...MyHandoverFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query RenterPage($token: String!) {\n    renterPage(token: $token) {\n      token\n      firstName\n      lastName\n      email\n      language\n      street\n      zip\n      city\n      country\n      birthday\n      phone\n      nationality\n      gender\n      emailValidated\n      linkExpiresAt\n      bookings {\n        rentingId\n        state\n        renewal\n        renewalDeadline\n        apartment {\n          id\n          name\n        }\n        semester {\n          id\n          name\n          startDate\n          endDate\n        }\n        createdDate\n        emailConfirmedDate\n        ownerAcknowledgedDate\n        contractSignedDate\n        paidDate\n        accessKey\n      }\n      payments {\n        rentingId\n        amount\n        currency\n        status\n        createdAt\n        paidAt\n        receiptNumber\n      }\n      handovers {\n        ...MyHandoverFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestRenterPageLink($email: String!) {\n    requestRenterPageLink(email: $email) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RequestRenterPageLink($email: String!) {\n    requestRenterPageLink(email: $email) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WithdrawRentingRequest($token: String!, $rentingId: ID!) {\n    withdrawRentingRequest(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation WithdrawRentingRequest($token: String!, $rentingId: ID!) {\n    withdrawRentingRequest(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyMails($token: String!) {\n    renterPage(token: $token) {\n      token\n      mails {\n        subject\n        text\n        writtenAt\n        sentAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyMails($token: String!) {\n    renterPage(token: $token) {\n      token\n      mails {\n        subject\n        text\n        writtenAt\n        sentAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AvailableApartments {\n    availableApartments {\n      bookableSemester {\n        id\n        name\n      }\n      building {\n        id\n        name\n        floors {\n          id\n          name\n          plan\n          apartments {\n            id\n            name\n            pricePerMonth\n            x\n            y\n          }\n        }\n      }\n      apartmentBookable {\n        apartmentId\n        free\n      }\n    }\n  }\n"): (typeof documents)["\n  query AvailableApartments {\n    availableApartments {\n      bookableSemester {\n        id\n        name\n      }\n      building {\n        id\n        name\n        floors {\n          id\n          name\n          plan\n          apartments {\n            id\n            name\n            pricePerMonth\n            x\n            y\n          }\n        }\n      }\n      apartmentBookable {\n        apartmentId\n        free\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReselectApartment($request: ReselectRequest!) {\n    reselectApartment(request: $request) {\n      ...RentingResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReselectApartment($request: ReselectRequest!) {\n    reselectApartment(request: $request) {\n      ...RentingResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BookableSemester {\n    bookableSemester {\n      ...SemesterFields\n    }\n  }\n"): (typeof documents)["\n  query BookableSemester {\n    bookableSemester {\n      ...SemesterFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BookApartment($aid: Int!, $sid: Int!) {\n    bookApartment(aid: $aid, sid: $sid) {\n      apartment {\n        ...ApartmentDetail\n      }\n      semester {\n        ...SemesterFields\n      }\n      priceCalculation {\n        ...PriceFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query BookApartment($aid: Int!, $sid: Int!) {\n    bookApartment(aid: $aid, sid: $sid) {\n      apartment {\n        ...ApartmentDetail\n      }\n      semester {\n        ...SemesterFields\n      }\n      priceCalculation {\n        ...PriceFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRentingRequest($create: CreateRentingRequest!) {\n    createRentingRequest(create: $create) {\n      ...RentingResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateRentingRequest($create: CreateRentingRequest!) {\n    createRentingRequest(create: $create) {\n      ...RentingResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApartmentAvailability {\n    availableApartments {\n      bookableSemester {\n        id\n      }\n      apartmentBookable {\n        apartmentId\n        free\n      }\n    }\n  }\n"): (typeof documents)["\n  query ApartmentAvailability {\n    availableApartments {\n      bookableSemester {\n        id\n      }\n      apartmentBookable {\n        apartmentId\n        free\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation JoinWaitlist($join: JoinWaitlist!) {\n    joinWaitlist(join: $join) {\n      exception {\n        path\n        messageId\n        params {\n          key\n          value\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation JoinWaitlist($join: JoinWaitlist!) {\n    joinWaitlist(join: $join) {\n      exception {\n        path\n        messageId\n        params {\n          key\n          value\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmWaitlistEntry($token: String!) {\n    confirmWaitlistEntry(token: $token) {\n      exception {\n        path\n        messageId\n        params {\n          key\n          value\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmWaitlistEntry($token: String!) {\n    confirmWaitlistEntry(token: $token) {\n      exception {\n        path\n        messageId\n        params {\n          key\n          value\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApartmentDetail on Apartment {\n    id\n    name\n    descriptionDe\n    descriptionEn\n    pricePerMonth\n    features\n    pictures {\n      name\n      url\n      width\n      height\n      sources {\n        type\n        srcset\n      }\n      descriptionDe\n      descriptionEn\n    }\n  }\n"): (typeof documents)["\n  fragment ApartmentDetail on Apartment {\n    id\n    name\n    descriptionDe\n    descriptionEn\n    pricePerMonth\n    features\n    pictures {\n      name\n      url\n      width\n      height\n      sources {\n        type\n        srcset\n      }\n      descriptionDe\n      descriptionEn\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SemesterFields on Semester {\n    id\n    name\n    startDate\n    endDate\n  }\n"): (typeof documents)["\n  fragment SemesterFields on Semester {\n    id\n    name\n    startDate\n    endDate\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PriceFields on PriceCalculation {\n    items {\n      textDe\n      textEn\n      qty\n      amount\n      total\n    }\n    total\n  }\n"): (typeof documents)["\n  fragment PriceFields on PriceCalculation {\n    items {\n      textDe\n      textEn\n      qty\n      amount\n      total\n    }\n    total\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ExceptionFields on UserDataException {\n    path\n    messageId\n    params {\n      key\n      value\n    }\n  }\n"): (typeof documents)["\n  fragment ExceptionFields on UserDataException {\n    path\n    messageId\n    params {\n      key\n      value\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RentingResultFields on RentingResult {\n    uuid\n    exception {\n      ...ExceptionFields\n    }\n  }\n"): (typeof documents)["\n  fragment RentingResultFields on RentingResult {\n    uuid\n    exception {\n      ...ExceptionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProgressFields on BookingProgress {\n    rentingId\n    state\n    apartment {\n      id\n      name\n    }\n    semester {\n      id\n      name\n    }\n    priceCalculation {\n      total\n    }\n    cancellationReason\n    inPayment\n  }\n"): (typeof documents)["\n  fragment ProgressFields on BookingProgress {\n    rentingId\n    state\n    apartment {\n      id\n      name\n    }\n    semester {\n      id\n      name\n    }\n    priceCalculation {\n      total\n    }\n    cancellationReason\n    inPayment\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FetchSigningLink($rentingId: ID!) {\n    fetchSigningLink(rentingId: $rentingId)\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n"): (typeof documents)["\n  query FetchSigningLink($rentingId: ID!) {\n    fetchSigningLink(rentingId: $rentingId)\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FetchPaymentLink($rentingId: ID!) {\n    fetchPaymentLink(rentingId: $rentingId)\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n"): (typeof documents)["\n  query FetchPaymentLink($rentingId: ID!) {\n    fetchPaymentLink(rentingId: $rentingId)\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BookingProgress($rentingId: ID!) {\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n"): (typeof documents)["\n  query BookingProgress($rentingId: ID!) {\n    bookingProgress(rentingId: $rentingId) {\n      ...ProgressFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendConfirmationMail($token: String!, $rentingId: ID!) {\n    resendConfirmationMail(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ResendConfirmationMail($token: String!, $rentingId: ID!) {\n    resendConfirmationMail(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MyHandoverFields on Handover {\n    rentingId\n    date\n    meterReadings {\n      meter\n      value\n    }\n    damages {\n      description\n      amountCents\n      photos {\n        documentId\n      }\n      waived\n    }\n    depositCents\n    deductionsCents\n    refundCents\n    status\n    answerDeadline\n    disputeReason\n    answeredAt\n    settlement {\n      method\n      refundCents\n      bankReference\n      settledAt\n    }\n  }\n"): (typeof documents)["\n  fragment MyHandoverFields on Handover {\n    rentingId\n    date\n    meterReadings {\n      meter\n      value\n    }\n    damages {\n      description\n      amountCents\n      photos {\n        documentId\n      }\n      waived\n    }\n    depositCents\n    deductionsCents\n    refundCents\n    status\n    answerDeadline\n    disputeReason\n    answeredAt\n    settlement {\n      method\n      refundCents\n      bankReference\n      settledAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmHandover($token: String!, $rentingId: ID!) {\n    confirmHandover(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmHandover($token: String!, $rentingId: ID!) {\n    confirmHandover(token: $token, rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisputeHandover($token: String!, $rentingId: ID!, $reason: String!) {\n    disputeHandover(token: $token, rentingId: $rentingId, reason: $reason) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DisputeHandover($token: String!, $rentingId: ID!, $reason: String!) {\n    disputeHandover(token: $token, rentingId: $rentingId, reason: $reason) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;