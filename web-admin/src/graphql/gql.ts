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
    "\n  fragment ExceptionFields on UserDataException {\n    path\n    params {\n      key\n      value\n    }\n    messageId\n  }\n": typeof types.ExceptionFieldsFragmentDoc,
    "\n  query ErasureRequests {\n    erasureRequests {\n      id\n      firstName\n      lastName\n      email\n      erasureRequestedAt\n      erasedAt\n    }\n  }\n": typeof types.ErasureRequestsDocument,
    "\n  mutation ExecuteErasure($renterId: Int!) {\n    executeErasure(renterId: $renterId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.ExecuteErasureDocument,
    "\n  query AdminBuilding {\n    adminBuilding {\n      id\n      floors {\n        id\n        name\n        apartments {\n          id\n          name\n          descriptionDe\n          descriptionEn\n          pricePerMonth\n          priceDeposit\n          priceCleaning\n          floor {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.AdminBuildingDocument,
    "\n  mutation UpdateApartment($update: ApartmentUpdate!) {\n    updateApartment(update: $update) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.UpdateApartmentDocument,
    "\n  query ApartmentPictures($id: Int!) {\n    apartmentById(id: $id) {\n      id\n      pictures {\n        name\n        url\n        descriptionDe\n        descriptionEn\n      }\n    }\n  }\n": typeof types.ApartmentPicturesDocument,
    "\n  mutation UpdateApartmentPictures($apartmentId: Int!, $pictures: [PictureEdit!]!) {\n    updateApartmentPictures(apartmentId: $apartmentId, pictures: $pictures) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.UpdateApartmentPicturesDocument,
    "\n  mutation UploadApartmentPicture($apartmentId: Int!, $picture: PictureUpload!) {\n    uploadApartmentPicture(apartmentId: $apartmentId, picture: $picture) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.UploadApartmentPictureDocument,
    "\n  query Semesters {\n    semesters {\n      id\n      name\n      current\n      startDate\n      endDate\n      rentingPhase\n      startsInDays\n    }\n  }\n": typeof types.SemestersDocument,
    "\n  mutation CreateSemester($semester: SemesterInput!) {\n    createSemester(semester: $semester) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.CreateSemesterDocument,
    "\n  mutation UpdateSemester($id: Int!, $semester: SemesterInput!) {\n    updateSemester(id: $id, semester: $semester) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.UpdateSemesterDocument,
    "\n  query Waitlist($semesterId: Int!) {\n    waitlist(semesterId: $semesterId) {\n      id\n      position\n      state\n      name\n      email\n      language\n      floorId\n      minSize\n      confirmedAt\n      offeredApartment {\n        id\n        name\n      }\n      offerExpiresAt\n      endedAt\n    }\n  }\n": typeof types.WaitlistDocument,
    "\n  mutation RemoveWaitlistEntry($id: ID!) {\n    removeWaitlistEntry(id: $id) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.RemoveWaitlistEntryDocument,
    "\n  query ApartmentsPage($semesterId: Int!) {\n    apartmentsPage(semesterId: $semesterId) {\n      id\n      name\n      address\n      floors {\n        id\n        name\n        apartments {\n          id\n          semesterId\n          name\n          adminStatus\n          blockReason\n          renter {\n            id\n            firstName\n            lastName\n            email\n          }\n        }\n      }\n    }\n  }\n": typeof types.ApartmentsPageDocument,
    "\n  mutation BlockApartment($apartmentId: Int!, $semesterId: Int!, $reason: String!) {\n    blockApartment(apartmentId: $apartmentId, semesterId: $semesterId, reason: $reason) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.BlockApartmentDocument,
    "\n  mutation UnblockApartment($apartmentId: Int!, $semesterId: Int!) {\n    unblockApartment(apartmentId: $apartmentId, semesterId: $semesterId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.UnblockApartmentDocument,
    "\n  fragment BookingCardFields on Booking {\n    rentingId\n    semester {\n      id\n      name\n      startDate\n      endDate\n    }\n    apartment {\n      id\n      name\n    }\n    state\n    renterEmailConfirmed\n    renterIsUnlocked\n    contractSigned\n    apartmentPaid\n    createdDate\n    emailConfirmedDate\n    ownerAcknowledgedDate\n    contractRequestedDate\n    contractSignedDate\n    paidDate\n    signingLink\n    paymentLink\n    accessKey\n    keyCodeSentDate\n    keyCodeDueDate\n    renewal\n    renewalDeadline\n    cancellation {\n      reason\n      refundCents\n    }\n    inPayment\n    disputeStatus\n    refundFailure\n  }\n": typeof types.BookingCardFieldsFragmentDoc,
    "\n  query RefundableCents($rentingId: ID!) {\n    refundableCents(rentingId: $rentingId)\n  }\n": typeof types.RefundableCentsDocument,
    "\n  mutation CancelBooking($rentingId: ID!, $reason: String!, $refundCents: Int!) {\n    cancelBooking(rentingId: $rentingId, reason: $reason, refundCents: $refundCents) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.CancelBookingDocument,
    "\n  mutation ReissueContract($rentingId: ID!) {\n    reissueContract(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.ReissueContractDocument,
    "\n  fragment HandoverFields on Handover {\n    rentingId\n    date\n    meterReadings {\n      meter\n      value\n    }\n    damages {\n      description\n      amountCents\n      photos {\n        documentId\n      }\n      waived\n    }\n    depositCents\n    deductionsCents\n    refundCents\n    status\n    answerDeadline\n    disputeReason\n    answeredAt\n    settlementDeadline\n    settlement {\n      method\n      refundCents\n      bankReference\n      settledAt\n    }\n    recordedAt\n  }\n": typeof types.HandoverFieldsFragmentDoc,
    "\n  query HandoverForm($rentingId: ID!) {\n    handoverForm(rentingId: $rentingId) {\n      meters\n      depositCents\n      refusal {\n        ...ExceptionFields\n      }\n      handover {\n        ...HandoverFields\n      }\n    }\n  }\n": typeof types.HandoverFormDocument,
    "\n  mutation RecordHandover($handover: HandoverInput!) {\n    recordHandover(handover: $handover) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.RecordHandoverDocument,
    "\n  mutation SettleDeposit($rentingId: ID!, $method: DepositSettlementMethod!, $bankReference: String, $waived: [Int!]) {\n    settleDeposit(rentingId: $rentingId, method: $method, bankReference: $bankReference, waived: $waived) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.SettleDepositDocument,
    "\n  query Ledger($rentingId: ID!) {\n    ledger(rentingId: $rentingId) {\n      rentingId\n      entries {\n        id\n        at\n        kind\n        item\n        description\n        amountCents\n        itemCents\n        reference\n      }\n      chargedCents\n      paidCents\n      refundedCents\n      depositHeldCents\n      keptCents\n      balanceCents\n    }\n  }\n": typeof types.LedgerDocument,
    "\n  fragment PersonalDataFields on Renter {\n    email\n    firstName\n    lastName\n    street\n    zip\n    city\n    country\n    birthday\n    phone\n    gender\n  }\n": typeof types.PersonalDataFieldsFragmentDoc,
    "\n  mutation OfferRenewal($rentingId: ID!) {\n    offerRenewal(rentingId: $rentingId) {\n      uuid\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.OfferRenewalDocument,
    "\n  mutation AcceptRenewalForRenter($rentingId: ID!) {\n    acceptRenewalForRenter(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.AcceptRenewalForRenterDocument,
    "\n  mutation DeclineRenewalForRenter($rentingId: ID!) {\n    declineRenewalForRenter(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.DeclineRenewalForRenterDocument,
    "\n  query RenterAuditLog($id: Int!) {\n    renter(id: $id) {\n      id\n      auditLog {\n        at\n        actor\n        action\n        subject\n        details\n      }\n    }\n  }\n": typeof types.RenterAuditLogDocument,
    "\n  fragment RenterDocumentsFields on Renter {\n    id\n    documents {\n      id\n      description\n      link\n      type\n      uploaded\n    }\n  }\n": typeof types.RenterDocumentsFieldsFragmentDoc,
    "\n  query RenterForEdit($renterId: Int!) {\n    renterForEdit(renterId: $renterId) {\n      firstName\n      lastName\n      phone\n      notes\n      email\n    }\n  }\n": typeof types.RenterForEditDocument,
    "\n  mutation UpdateRenter($update: RenterUpdate!) {\n    updateRenter(update: $update) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": typeof types.UpdateRenterDocument,
    "\n  query RenterWithDocument($id: Int!) {\n    renterWithDocument(id: $id) {\n      id\n      emailValidated\n      notes\n      ...PersonalDataFields\n      bookings {\n        ...BookingCardFields\n      }\n      ...RenterDocumentsFields\n    }\n  }\n": typeof types.RenterWithDocumentDocument,
    "\n  mutation ApproveIdentityCard($rentingId: ID!) {\n    approveIdentityCard(rentingId: $rentingId)\n  }\n": typeof types.ApproveIdentityCardDocument,
    "\n  mutation FreeApartment($apartmentId: Int!, $semesterId: Int!) {\n    freeApartment(apartmentId: $apartmentId, semesterId: $semesterId)\n  }\n": typeof types.FreeApartmentDocument,
    "\n  query RentersByLetter {\n    rentersByLetter {\n      letter\n      renters {\n        id\n        firstName\n        lastName\n        email\n      }\n    }\n  }\n": typeof types.RentersByLetterDocument,
    "\n  query RenterApartments {\n    renterApartments {\n      renterId\n      apartments {\n        id\n        name\n      }\n    }\n  }\n": typeof types.RenterApartmentsDocument,
    "\n  query RenterForExport($id: Int!) {\n    renter(id: $id) {\n      id\n      email\n      emailValidated\n      firstName\n      lastName\n      street\n      zip\n      city\n      country\n      birthday\n      phone\n      nationality\n      language\n      notes\n      bookings {\n        rentingId\n        semester {\n          id\n          name\n        }\n        apartment {\n          id\n          name\n        }\n        state\n      }\n    }\n  }\n": typeof types.RenterForExportDocument,
    "\n  query OfficeTasks {\n    officeTasks {\n      kind\n      rentingId\n      since\n      due\n      renter {\n        id\n        firstName\n        lastName\n      }\n      apartment {\n        id\n        name\n      }\n      semester {\n        id\n        name\n      }\n    }\n  }\n": typeof types.OfficeTasksDocument,
    "\n  query SemesterStatistics {\n    semesterStatistics {\n      semester {\n        id\n        name\n      }\n      apartments\n      held\n      blocked\n      rentExpected\n      rentCollected\n    }\n  }\n": typeof types.SemesterStatisticsDocument,
    "\n  query SemesterBooks {\n    semesterBooks {\n      semester {\n        id\n        name\n      }\n      chargedCents\n      paidCents\n      refundedCents\n      depositHeldCents\n      keptCents\n      openCents\n    }\n  }\n": typeof types.SemesterBooksDocument,
    "\n  query BooksExport($from: String!, $to: String!, $format: BooksExportFormat!) {\n    booksExport(from: $from, to: $to, format: $format) {\n      fileName\n      contentType\n      content\n    }\n  }\n": typeof types.BooksExportDocument,
};
const documents: Documents = {
    "\n  fragment ExceptionFields on UserDataException {\n    path\n    params {\n      key\n      value\n    }\n    messageId\n  }\n": types.ExceptionFieldsFragmentDoc,
    "\n  query ErasureRequests {\n    erasureRequests {\n      id\n      firstName\n      lastName\n      email\n      erasureRequestedAt\n      erasedAt\n    }\n  }\n": types.ErasureRequestsDocument,
    "\n  mutation ExecuteErasure($renterId: Int!) {\n    executeErasure(renterId: $renterId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.ExecuteErasureDocument,
    "\n  query AdminBuilding {\n    adminBuilding {\n      id\n      floors {\n        id\n        name\n        apartments {\n          id\n          name\n          descriptionDe\n          descriptionEn\n          pricePerMonth\n          priceDeposit\n          priceCleaning\n          floor {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": types.AdminBuildingDocument,
    "\n  mutation UpdateApartment($update: ApartmentUpdate!) {\n    updateApartment(update: $update) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.UpdateApartmentDocument,
    "\n  query ApartmentPictures($id: Int!) {\n    apartmentById(id: $id) {\n      id\n      pictures {\n        name\n        url\n        descriptionDe\n        descriptionEn\n      }\n    }\n  }\n": types.ApartmentPicturesDocument,
    "\n  mutation UpdateApartmentPictures($apartmentId: Int!, $pictures: [PictureEdit!]!) {\n    updateApartmentPictures(apartmentId: $apartmentId, pictures: $pictures) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.UpdateApartmentPicturesDocument,
    "\n  mutation UploadApartmentPicture($apartmentId: Int!, $picture: PictureUpload!) {\n    uploadApartmentPicture(apartmentId: $apartmentId, picture: $picture) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.UploadApartmentPictureDocument,
    "\n  query Semesters {\n    semesters {\n      id\n      name\n      current\n      startDate\n      endDate\n      rentingPhase\n      startsInDays\n    }\n  }\n": types.SemestersDocument,
    "\n  mutation CreateSemester($semester: SemesterInput!) {\n    createSemester(semester: $semester) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.CreateSemesterDocument,
    "\n  mutation UpdateSemester($id: Int!, $semester: SemesterInput!) {\n    updateSemester(id: $id, semester: $semester) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.UpdateSemesterDocument,
    "\n  query Waitlist($semesterId: Int!) {\n    waitlist(semesterId: $semesterId) {\n      id\n      position\n      state\n      name\n      email\n      language\n      floorId\n      minSize\n      confirmedAt\n      offeredApartment {\n        id\n        name\n      }\n      offerExpiresAt\n      endedAt\n    }\n  }\n": types.WaitlistDocument,
    "\n  mutation RemoveWaitlistEntry($id: ID!) {\n    removeWaitlistEntry(id: $id) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.RemoveWaitlistEntryDocument,
    "\n  query ApartmentsPage($semesterId: Int!) {\n    apartmentsPage(semesterId: $semesterId) {\n      id\n      name\n      address\n      floors {\n        id\n        name\n        apartments {\n          id\n          semesterId\n          name\n          adminStatus\n          blockReason\n          renter {\n            id\n            firstName\n            lastName\n            email\n          }\n        }\n      }\n    }\n  }\n": types.ApartmentsPageDocument,
    "\n  mutation BlockApartment($apartmentId: Int!, $semesterId: Int!, $reason: String!) {\n    blockApartment(apartmentId: $apartmentId, semesterId: $semesterId, reason: $reason) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.BlockApartmentDocument,
    "\n  mutation UnblockApartment($apartmentId: Int!, $semesterId: Int!) {\n    unblockApartment(apartmentId: $apartmentId, semesterId: $semesterId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.UnblockApartmentDocument,
    "\n  fragment BookingCardFields on Booking {\n    rentingId\n    semester {\n      id\n      name\n      startDate\n      endDate\n    }\n    apartment {\n      id\n      name\n    }\n    state\n    renterEmailConfirmed\n    renterIsUnlocked\n    contractSigned\n    apartmentPaid\n    createdDate\n    emailConfirmedDate\n    ownerAcknowledgedDate\n    contractRequestedDate\n    contractSignedDate\n    paidDate\n    signingLink\n    paymentLink\n    accessKey\n    keyCodeSentDate\n    keyCodeDueDate\n    renewal\n    renewalDeadline\n    cancellation {\n      reason\n      refundCents\n    }\n    inPayment\n    disputeStatus\n    refundFailure\n  }\n": types.BookingCardFieldsFragmentDoc,
    "\n  query RefundableCents($rentingId: ID!) {\n    refundableCents(rentingId: $rentingId)\n  }\n": types.RefundableCentsDocument,
    "\n  mutation CancelBooking($rentingId: ID!, $reason: String!, $refundCents: Int!) {\n    cancelBooking(rentingId: $rentingId, reason: $reason, refundCents: $refundCents) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.CancelBookingDocument,
    "\n  mutation ReissueContract($rentingId: ID!) {\n    reissueContract(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.ReissueContractDocument,
    "\n  fragment HandoverFields on Handover {\n    rentingId\n    date\n    meterReadings {\n      meter\n      value\n    }\n    damages {\n      description\n      amountCents\n      photos {\n        documentId\n      }\n      waived\n    }\n    depositCents\n    deductionsCents\n    refundCents\n    status\n    answerDeadline\n    disputeReason\n    answeredAt\n    settlementDeadline\n    settlement {\n      method\n      refundCents\n      bankReference\n      settledAt\n    }\n    recordedAt\n  }\n": types.HandoverFieldsFragmentDoc,
    "\n  query HandoverForm($rentingId: ID!) {\n    handoverForm(rentingId: $rentingId) {\n      meters\n      depositCents\n      refusal {\n        ...ExceptionFields\n      }\n      handover {\n        ...HandoverFields\n      }\n    }\n  }\n": types.HandoverFormDocument,
    "\n  mutation RecordHandover($handover: HandoverInput!) {\n    recordHandover(handover: $handover) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.RecordHandoverDocument,
    "\n  mutation SettleDeposit($rentingId: ID!, $method: DepositSettlementMethod!, $bankReference: String, $waived: [Int!]) {\n    settleDeposit(rentingId: $rentingId, method: $method, bankReference: $bankReference, waived: $waived) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.SettleDepositDocument,
    "\n  query Ledger($rentingId: ID!) {\n    ledger(rentingId: $rentingId) {\n      rentingId\n      entries {\n        id\n        at\n        kind\n        item\n        description\n        amountCents\n        itemCents\n        reference\n      }\n      chargedCents\n      paidCents\n      refundedCents\n      depositHeldCents\n      keptCents\n      balanceCents\n    }\n  }\n": types.LedgerDocument,
    "\n  fragment PersonalDataFields on Renter {\n    email\n    firstName\n    lastName\n    street\n    zip\n    city\n    country\n    birthday\n    phone\n    gender\n  }\n": types.PersonalDataFieldsFragmentDoc,
    "\n  mutation OfferRenewal($rentingId: ID!) {\n    offerRenewal(rentingId: $rentingId) {\n      uuid\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.OfferRenewalDocument,
    "\n  mutation AcceptRenewalForRenter($rentingId: ID!) {\n    acceptRenewalForRenter(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.AcceptRenewalForRenterDocument,
    "\n  mutation DeclineRenewalForRenter($rentingId: ID!) {\n    declineRenewalForRenter(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.DeclineRenewalForRenterDocument,
    "\n  query RenterAuditLog($id: Int!) {\n    renter(id: $id) {\n      id\n      auditLog {\n        at\n        actor\n        action\n        subject\n        details\n      }\n    }\n  }\n": types.RenterAuditLogDocument,
    "\n  fragment RenterDocumentsFields on Renter {\n    id\n    documents {\n      id\n      description\n      link\n      type\n      uploaded\n    }\n  }\n": types.RenterDocumentsFieldsFragmentDoc,
    "\n  query RenterForEdit($renterId: Int!) {\n    renterForEdit(renterId: $renterId) {\n      firstName\n      lastName\n      phone\n      notes\n      email\n    }\n  }\n": types.RenterForEditDocument,
    "\n  mutation UpdateRenter($update: RenterUpdate!) {\n    updateRenter(update: $update) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n": types.UpdateRenterDocument,
    "\n  query RenterWithDocument($id: Int!) {\n    renterWithDocument(id: $id) {\n      id\n      emailValidated\n      notes\n      ...PersonalDataFields\n      bookings {\n        ...BookingCardFields\n      }\n      ...RenterDocumentsFields\n    }\n  }\n": types.RenterWithDocumentDocument,
    "\n  mutation ApproveIdentityCard($rentingId: ID!) {\n    approveIdentityCard(rentingId: $rentingId)\n  }\n": types.ApproveIdentityCardDocument,
    "\n  mutation FreeApartment($apartmentId: Int!, $semesterId: Int!) {\n    freeApartment(apartmentId: $apartmentId, semesterId: $semesterId)\n  }\n": types.FreeApartmentDocument,
    "\n  query RentersByLetter {\n    rentersByLetter {\n      letter\n      renters {\n        id\n        firstName\n        lastName\n        email\n      }\n    }\n  }\n": types.RentersByLetterDocument,
    "\n  query RenterApartments {\n    renterApartments {\n      renterId\n      apartments {\n        id\n        name\n      }\n    }\n  }\n": types.RenterApartmentsDocument,
    "\n  query RenterForExport($id: Int!) {\n    renter(id: $id) {\n      id\n      email\n      emailValidated\n      firstName\n      lastName\n      street\n      zip\n      city\n      country\n      birthday\n      phone\n      nationality\n      language\n      notes\n      bookings {\n        rentingId\n        semester {\n          id\n          name\n        }\n        apartment {\n          id\n          name\n        }\n        state\n      }\n    }\n  }\n": types.RenterForExportDocument,
    "\n  query OfficeTasks {\n    officeTasks {\n      kind\n      rentingId\n      since\n      due\n      renter {\n        id\n        firstName\n        lastName\n      }\n      apartment {\n        id\n        name\n      }\n      semester {\n        id\n        name\n      }\n    }\n  }\n": types.OfficeTasksDocument,
    "\n  query SemesterStatistics {\n    semesterStatistics {\n      semester {\n        id\n        name\n      }\n      apartments\n      held\n      blocked\n      rentExpected\n      rentCollected\n    }\n  }\n": types.SemesterStatisticsDocument,
    "\n  query SemesterBooks {\n    semesterBooks {\n      semester {\n        id\n        name\n      }\n      chargedCents\n      paidCents\n      refundedCents\n      depositHeldCents\n      keptCents\n      openCents\n    }\n  }\n": types.SemesterBooksDocument,
    "\n  query BooksExport($from: String!, $to: String!, $format: BooksExportFormat!) {\n    booksExport(from: $from, to: $to, format: $format) {\n      fileName\n      contentType\n      content\n    }\n  }\n": types.BooksExportDocument,
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
export function graphql(source: "\n  fragment ExceptionFields on UserDataException {\n    path\n    params {\n      key\n      value\n    }\n    messageId\n  }\n"): (typeof documents)["\n  fragment ExceptionFields on UserDataException {\n    path\n    params {\n      key\n      value\n    }\n    messageId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ErasureRequests {\n    erasureRequests {\n      id\n      firstName\n      lastName\n      email\n      erasureRequestedAt\n      erasedAt\n    }\n  }\n"): (typeof documents)["\n  query ErasureRequests {\n    erasureRequests {\n      id\n      firstName\n      lastName\n      email\n      erasureRequestedAt\n      erasedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExecuteErasure($renterId: Int!) {\n    executeErasure(renterId: $renterId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ExecuteErasure($renterId: Int!) {\n    executeErasure(renterId: $renterId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminBuilding {\n    adminBuilding {\n      id\n      floors {\n        id\n        name\n        apartments {\n          id\n          name\n          descriptionDe\n          descriptionEn\n          pricePerMonth\n          priceDeposit\n          priceCleaning\n          floor {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminBuilding {\n    adminBuilding {\n      id\n      floors {\n        id\n        name\n        apartments {\n          id\n          name\n          descriptionDe\n          descriptionEn\n          pricePerMonth\n          priceDeposit\n          priceCleaning\n          floor {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateApartment($update: ApartmentUpdate!) {\n    updateApartment(update: $update) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateApartment($update: ApartmentUpdate!) {\n    updateApartment(update: $update) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApartmentPictures($id: Int!) {\n    apartmentById(id: $id) {\n      id\n      pictures {\n        name\n        url\n        descriptionDe\n        descriptionEn\n      }\n    }\n  }\n"): (typeof documents)["\n  query ApartmentPictures($id: Int!) {\n    apartmentById(id: $id) {\n      id\n      pictures {\n        name\n        url\n        descriptionDe\n        descriptionEn\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateApartmentPictures($apartmentId: Int!, $pictures: [PictureEdit!]!) {\n    updateApartmentPictures(apartmentId: $apartmentId, pictures: $pictures) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateApartmentPictures($apartmentId: Int!, $pictures: [PictureEdit!]!) {\n    updateApartmentPictures(apartmentId: $apartmentId, pictures: $pictures) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadApartmentPicture($apartmentId: Int!, $picture: PictureUpload!) {\n    uploadApartmentPicture(apartmentId: $apartmentId, picture: $picture) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UploadApartmentPicture($apartmentId: Int!, $picture: PictureUpload!) {\n    uploadApartmentPicture(apartmentId: $apartmentId, picture: $picture) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Semesters {\n    semesters {\n      id\n      name\n      current\n      startDate\n      endDate\n      rentingPhase\n      startsInDays\n    }\n  }\n"): (typeof documents)["\n  query Semesters {\n    semesters {\n      id\n      name\n      current\n      startDate\n      endDate\n      rentingPhase\n      startsInDays\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSemester($semester: SemesterInput!) {\n    createSemester(semester: $semester) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSemester($semester: SemesterInput!) {\n    createSemester(semester: $semester) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSemester($id: Int!, $semester: SemesterInput!) {\n    updateSemester(id: $id, semester: $semester) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSemester($id: Int!, $semester: SemesterInput!) {\n    updateSemester(id: $id, semester: $semester) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Waitlist($semesterId: Int!) {\n    waitlist(semesterId: $semesterId) {\n      id\n      position\n      state\n      name\n      email\n      language\n      floorId\n      minSize\n      confirmedAt\n      offeredApartment {\n        id\n        name\n      }\n      offerExpiresAt\n      endedAt\n    }\n  }\n"): (typeof documents)["\n  query Waitlist($semesterId: Int!) {\n    waitlist(semesterId: $semesterId) {\n      id\n      position\n      state\n      name\n      email\n      language\n      floorId\n      minSize\n      confirmedAt\n      offeredApartment {\n        id\n        name\n      }\n      offerExpiresAt\n      endedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveWaitlistEntry($id: ID!) {\n    removeWaitlistEntry(id: $id) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveWaitlistEntry($id: ID!) {\n    removeWaitlistEntry(id: $id) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApartmentsPage($semesterId: Int!) {\n    apartmentsPage(semesterId: $semesterId) {\n      id\n      name\n      address\n      floors {\n        id\n        name\n        apartments {\n          id\n          semesterId\n          name\n          adminStatus\n          blockReason\n          renter {\n            id\n            firstName\n            lastName\n            email\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ApartmentsPage($semesterId: Int!) {\n    apartmentsPage(semesterId: $semesterId) {\n      id\n      name\n      address\n      floors {\n        id\n        name\n        apartments {\n          id\n          semesterId\n          name\n          adminStatus\n          blockReason\n          renter {\n            id\n            firstName\n            lastName\n            email\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BlockApartment($apartmentId: Int!, $semesterId: Int!, $reason: String!) {\n    blockApartment(apartmentId: $apartmentId, semesterId: $semesterId, reason: $reason) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation BlockApartment($apartmentId: Int!, $semesterId: Int!, $reason: String!) {\n    blockApartment(apartmentId: $apartmentId, semesterId: $semesterId, reason: $reason) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnblockApartment($apartmentId: Int!, $semesterId: Int!) {\n    unblockApartment(apartmentId: $apartmentId, semesterId: $semesterId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UnblockApartment($apartmentId: Int!, $semesterId: Int!) {\n    unblockApartment(apartmentId: $apartmentId, semesterId: $semesterId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BookingCardFields on Booking {\n    rentingId\n    semester {\n      id\n      name\n      startDate\n      endDate\n    }\n    apartment {\n      id\n      name\n    }\n    state\n    renterEmailConfirmed\n    renterIsUnlocked\n    contractSigned\n    apartmentPaid\n    createdDate\n    emailConfirmedDate\n    ownerAcknowledgedDate\n    contractRequestedDate\n    contractSignedDate\n    paidDate\n    signingLink\n    paymentLink\n    accessKey\n    keyCodeSentDate\n    keyCodeDueDate\n    renewal\n    renewalDeadline\n    cancellation {\n      reason\n      refundCents\n    }\n    inPayment\n    disputeStatus\n    refundFailure\n  }\n"): (typeof documents)["\n  fragment BookingCardFields on Booking {\n    rentingId\n    semester {\n      id\n      name\n      startDate\n      endDate\n    }\n    apartment {\n      id\n      name\n    }\n    state\n    renterEmailConfirmed\n    renterIsUnlocked\n    contractSigned\n    apartmentPaid\n    createdDate\n    emailConfirmedDate\n    ownerAcknowledgedDate\n    contractRequestedDate\n    contractSignedDate\n    paidDate\n    signingLink\n    paymentLink\n    accessKey\n    keyCodeSentDate\n    keyCodeDueDate\n    renewal\n    renewalDeadline\n    cancellation {\n      reason\n      refundCents\n    }\n    inPayment\n    disputeStatus\n    refundFailure\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RefundableCents($rentingId: ID!) {\n    refundableCents(rentingId: $rentingId)\n  }\n"): (typeof documents)["\n  query RefundableCents($rentingId: ID!) {\n    refundableCents(rentingId: $rentingId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelBooking($rentingId: ID!, $reason: String!, $refundCents: Int!) {\n    cancelBooking(rentingId: $rentingId, reason: $reason, refundCents: $refundCents) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CancelBooking($rentingId: ID!, $reason: String!, $refundCents: Int!) {\n    cancelBooking(rentingId: $rentingId, reason: $reason, refundCents: $refundCents) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReissueContract($rentingId: ID!) {\n    reissueContract(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ReissueContract($rentingId: ID!) {\n    reissueContract(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment HandoverFields on Handover {\n    rentingId\n    date\n    meterReadings {\n      meter\n      value\n    }\n    damages {\n      description\n      amountCents\n      photos {\n        documentId\n      }\n      waived\n    }\n    depositCents\n    deductionsCents\n    refundCents\n    status\n    answerDeadline\n    disputeReason\n    answeredAt\n    settlementDeadline\n    settlement {\n      method\n      refundCents\n      bankReference\n      settledAt\n    }\n    recordedAt\n  }\n"): (typeof documents)["\n  fragment HandoverFields on Handover {\n    rentingId\n    date\n    meterReadings {\n      meter\n      value\n    }\n    damages {\n      description\n      amountCents\n      photos {\n        documentId\n      }\n      waived\n    }\n    depositCents\n    deductionsCents\n    refundCents\n    status\n    answerDeadline\n    disputeReason\n    answeredAt\n    settlementDeadline\n    settlement {\n      method\n      refundCents\n      bankReference\n      settledAt\n    }\n    recordedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HandoverForm($rentingId: ID!) {\n    handoverForm(rentingId: $rentingId) {\n      meters\n      depositCents\n      refusal {\n        ...ExceptionFields\n      }\n      handover {\n        ...HandoverFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query HandoverForm($rentingId: ID!) {\n    handoverForm(rentingId: $rentingId) {\n      meters\n      depositCents\n      refusal {\n        ...ExceptionFields\n      }\n      handover {\n        ...HandoverFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordHandover($handover: HandoverInput!) {\n    recordHandover(handover: $handover) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RecordHandover($handover: HandoverInput!) {\n    recordHandover(handover: $handover) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SettleDeposit($rentingId: ID!, $method: DepositSettlementMethod!, $bankReference: String, $waived: [Int!]) {\n    settleDeposit(rentingId: $rentingId, method: $method, bankReference: $bankReference, waived: $waived) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SettleDeposit($rentingId: ID!, $method: DepositSettlementMethod!, $bankReference: String, $waived: [Int!]) {\n    settleDeposit(rentingId: $rentingId, method: $method, bankReference: $bankReference, waived: $waived) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Ledger($rentingId: ID!) {\n    ledger(rentingId: $rentingId) {\n      rentingId\n      entries {\n        id\n        at\n        kind\n        item\n        description\n        amountCents\n        itemCents\n        reference\n      }\n      chargedCents\n      paidCents\n      refundedCents\n      depositHeldCents\n      keptCents\n      balanceCents\n    }\n  }\n"): (typeof documents)["\n  query Ledger($rentingId: ID!) {\n    ledger(rentingId: $rentingId) {\n      rentingId\n      entries {\n        id\n        at\n        kind\n        item\n        description\n        amountCents\n        itemCents\n        reference\n      }\n      chargedCents\n      paidCents\n      refundedCents\n      depositHeldCents\n      keptCents\n      balanceCents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PersonalDataFields on Renter {\n    email\n    firstName\n    lastName\n    street\n    zip\n    city\n    country\n    birthday\n    phone\n    gender\n  }\n"): (typeof documents)["\n  fragment PersonalDataFields on Renter {\n    email\n    firstName\n    lastName\n    street\n    zip\n    city\n    country\n    birthday\n    phone\n    gender\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OfferRenewal($rentingId: ID!) {\n    offerRenewal(rentingId: $rentingId) {\n      uuid\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation OfferRenewal($rentingId: ID!) {\n    offerRenewal(rentingId: $rentingId) {\n      uuid\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptRenewalForRenter($rentingId: ID!) {\n    acceptRenewalForRenter(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AcceptRenewalForRenter($rentingId: ID!) {\n    acceptRenewalForRenter(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineRenewalForRenter($rentingId: ID!) {\n    declineRenewalForRenter(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeclineRenewalForRenter($rentingId: ID!) {\n    declineRenewalForRenter(rentingId: $rentingId) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RenterAuditLog($id: Int!) {\n    renter(id: $id) {\n      id\n      auditLog {\n        at\n        actor\n        action\n        subject\n        details\n      }\n    }\n  }\n"): (typeof documents)["\n  query RenterAuditLog($id: Int!) {\n    renter(id: $id) {\n      id\n      auditLog {\n        at\n        actor\n        action\n        subject\n        details\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RenterDocumentsFields on Renter {\n    id\n    documents {\n      id\n      description\n      link\n      type\n      uploaded\n    }\n  }\n"): (typeof documents)["\n  fragment RenterDocumentsFields on Renter {\n    id\n    documents {\n      id\n      description\n      link\n      type\n      uploaded\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RenterForEdit($renterId: Int!) {\n    renterForEdit(renterId: $renterId) {\n      firstName\n      lastName\n      phone\n      notes\n      email\n    }\n  }\n"): (typeof documents)["\n  query RenterForEdit($renterId: Int!) {\n    renterForEdit(renterId: $renterId) {\n      firstName\n      lastName\n      phone\n      notes\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateRenter($update: RenterUpdate!) {\n    updateRenter(update: $update) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateRenter($update: RenterUpdate!) {\n    updateRenter(update: $update) {\n      exception {\n        ...ExceptionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RenterWithDocument($id: Int!) {\n    renterWithDocument(id: $id) {\n      id\n      emailValidated\n      notes\n      ...PersonalDataFields\n      bookings {\n        ...BookingCardFields\n      }\n      ...RenterDocumentsFields\n    }\n  }\n"): (typeof documents)["\n  query RenterWithDocument($id: Int!) {\n    renterWithDocument(id: $id) {\n      id\n      emailValidated\n      notes\n      ...PersonalDataFields\n      bookings {\n        ...BookingCardFields\n      }\n      ...RenterDocumentsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveIdentityCard($rentingId: ID!) {\n    approveIdentityCard(rentingId: $rentingId)\n  }\n"): (typeof documents)["\n  mutation ApproveIdentityCard($rentingId: ID!) {\n    approveIdentityCard(rentingId: $rentingId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FreeApartment($apartmentId: Int!, $semesterId: Int!) {\n    freeApartment(apartmentId: $apartmentId, semesterId: $semesterId)\n  }\n"): (typeof documents)["\n  mutation FreeApartment($apartmentId: Int!, $semesterId: Int!) {\n    freeApartment(apartmentId: $apartmentId, semesterId: $semesterId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RentersByLetter {\n    rentersByLetter {\n      letter\n      renters {\n        id\n        firstName\n        lastName\n        email\n      }\n    }\n  }\n"): (typeof documents)["\n  query RentersByLetter {\n    rentersByLetter {\n      letter\n      renters {\n        id\n        firstName\n        lastName\n        email\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RenterApartments {\n    renterApartments {\n      renterId\n      apartments {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query RenterApartments {\n    renterApartments {\n      renterId\n      apartments {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RenterForExport($id: Int!) {\n    renter(id: $id) {\n      id\n      email\n      emailValidated\n      firstName\n      lastName\n      street\n      zip\n      city\n      country\n      birthday\n      phone\n      nationality\n      language\n      notes\n      bookings {\n        rentingId\n        semester {\n          id\n          name\n        }\n        apartment {\n          id\n          name\n        }\n        state\n      }\n    }\n  }\n"): (typeof documents)["\n  query RenterForExport($id: Int!) {\n    renter(id: $id) {\n      id\n      email\n      emailValidated\n      firstName\n      lastName\n      street\n      zip\n      city\n      country\n      birthday\n      phone\n      nationality\n      language\n      notes\n      bookings {\n        rentingId\n        semester {\n          id\n          name\n        }\n        apartment {\n          id\n          name\n        }\n        state\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OfficeTasks {\n    officeTasks {\n      kind\n      rentingId\n      since\n      due\n      renter {\n        id\n        firstName\n        lastName\n      }\n      apartment {\n        id\n        name\n      }\n      semester {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query OfficeTasks {\n    officeTasks {\n      kind\n      rentingId\n      since\n      due\n      renter {\n        id\n        firstName\n        lastName\n      }\n      apartment {\n        id\n        name\n      }\n      semester {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SemesterStatistics {\n    semesterStatistics {\n      semester {\n        id\n        name\n      }\n      apartments\n      held\n      blocked\n      rentExpected\n      rentCollected\n    }\n  }\n"): (typeof documents)["\n  query SemesterStatistics {\n    semesterStatistics {\n      semester {\n        id\n        name\n      }\n      apartments\n      held\n      blocked\n      rentExpected\n      rentCollected\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SemesterBooks {\n    semesterBooks {\n      semester {\n        id\n        name\n      }\n      chargedCents\n      paidCents\n      refundedCents\n      depositHeldCents\n      keptCents\n      openCents\n    }\n  }\n"): (typeof documents)["\n  query SemesterBooks {\n    semesterBooks {\n      semester {\n        id\n        name\n      }\n      chargedCents\n      paidCents\n      refundedCents\n      depositHeldCents\n      keptCents\n      openCents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BooksExport($from: String!, $to: String!, $format: BooksExportFormat!) {\n    booksExport(from: $from, to: $to, format: $format) {\n      fileName\n      contentType\n      content\n    }\n  }\n"): (typeof documents)["\n  query BooksExport($from: String!, $to: String!, $format: BooksExportFormat!) {\n    booksExport(from: $from, to: $to, format: $format) {\n      fileName\n      contentType\n      content\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;