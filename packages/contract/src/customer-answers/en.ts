import { accountMessages } from "../account-constants";
import { appUserValidationMessages } from "../app-user-validation";
import { appointmentMessages } from "../appointments-constants";
import { authMessages, authValidationMessages, signInLockedMessage } from "../auth-constants";
import { MAX_IMAGE_BYTES, serverMessages, uploadMessages } from "../common-constants";
import { customerAuthMessages } from "../customer-auth";
import { customerBookingMessages } from "../customer-bookings";
import { CUSTOMER_AVAILABILITY_MAX_DAYS, customerDirectoryMessages } from "../customer-directory";
import { DIRECTORY_SORTS } from "../customer-directory-constants";
import { customerLiveMessages } from "../customer-live-endpoints";
import { phoneNumberMessages } from "../phone-number";
import { schedulingMessages } from "../scheduling";

/**
 * Every text the customer API answers with (`message`, and each of `fieldErrors`), in English: the
 * catalogue the Urdu one follows key for key. The server writes its answers in English, from the contract's
 * own constants (referenced here, so they stay the words the tests and the spec quote); the customer API
 * finds each text here and answers it in the reader's language. A text that carries a number has it as a
 * {{variable}}, written as the server writes the text; each variable is one word (a number, a type name).
 */
export const en = {
  auth: {
    signedUp: customerAuthMessages.signedUp,
    codeWrong: customerAuthMessages.codeWrong,
    codeTriesUsedUp: customerAuthMessages.codeTriesUsedUp,
    codeFormat: customerAuthMessages.codeFormat,
    emailVerified: customerAuthMessages.emailVerified,
    alreadyVerified: customerAuthMessages.alreadyVerified,
    codeSent: customerAuthMessages.codeSent,
    wrongCredentials: customerAuthMessages.wrongCredentials,
    refreshInvalid: customerAuthMessages.refreshInvalid,
    signedOut: customerAuthMessages.signedOut,
    sessionEnded: customerAuthMessages.sessionEnded,
    sessionNotFound: customerAuthMessages.sessionNotFound,
    staffAccount: customerAuthMessages.staffAccount,
    suspended: accountMessages.suspended,
    deviceNameRequired: customerAuthMessages.deviceNameRequired,
    signInLockedOneMinute: signInLockedMessage(1),
    signInLocked: "Too many failed sign-in attempts. Try again in {{minutes}} minutes.",
    resetRequested: authMessages.resetRequested,
    resetInvalid: authMessages.resetInvalid,
    resetTokenMissing: "The reset token is missing",
    passwordReset: customerAuthMessages.passwordReset,
    /** A reset link of a back-office account, used on the customer site. */
    resetDone: authMessages.resetDone,
  },
  account: {
    profileSaved: customerAuthMessages.profileSaved,
    languageInvalid: customerAuthMessages.languageInvalid,
    timeZoneRequired: customerAuthMessages.timeZoneRequired,
    timeZoneInvalid: customerAuthMessages.timeZoneInvalid,
    passwordChanged: customerAuthMessages.passwordChanged,
    currentPasswordWrong: customerAuthMessages.currentPasswordWrong,
    currentPasswordRequired: accountMessages.currentPasswordRequired,
    samePassword: accountMessages.samePassword,
    erased: customerAuthMessages.erased,
    cnicSent: customerAuthMessages.cnicSent,
    cnicImagesRequired: customerAuthMessages.cnicImagesRequired,
  },
  /** The account's fields, as sign-up and My account check them. */
  fields: {
    userName: appUserValidationMessages.userName,
    email: appUserValidationMessages.email,
    emailInvalid: appUserValidationMessages.emailInvalid,
    firstName: appUserValidationMessages.firstName,
    lastName: appUserValidationMessages.lastName,
    phoneNumber: appUserValidationMessages.phoneNumber,
    phoneNumberInvalid: phoneNumberMessages.phoneNumberInvalid,
    dateOfBirth: appUserValidationMessages.dateOfBirth,
    dateOfBirthInvalid: appUserValidationMessages.dateOfBirthInvalid,
    dateOfBirthFuture: appUserValidationMessages.dateOfBirthFuture,
    cnic: appUserValidationMessages.cnic,
    cnicFormat: appUserValidationMessages.cnicFormat,
    address: appUserValidationMessages.address,
    password: authValidationMessages.passwordRequired,
    passwordTooShort: authMessages.passwordTooShort,
    passwordTooLong: authMessages.passwordTooLong,
    passwordTooCommon: authMessages.passwordTooCommon,
    emailTaken: authMessages.emailTaken,
    userNameTaken: authMessages.userNameTaken,
    cnicTaken: "This CNIC number is already registered",
    recordExists: "This record already exists",
    atMost: "At most {{max}} characters",
  },
  booking: {
    emailNotVerified: customerBookingMessages.emailNotVerified,
    cnicNotVerified: customerBookingMessages.cnicNotVerified,
    tooManyUpcoming:
      "You already have {{max}} upcoming appointments: cancel one or wait until it has passed to book another.",
    beyondHorizon: "Appointments can be booked up to {{days}} days ahead.",
    inThePast: customerBookingMessages.inThePast,
    offGrid: customerBookingMessages.offGrid,
    startsAtInvalid: customerBookingMessages.startsAtInvalid,
    tooLateToChange:
      "Appointments can be cancelled or moved up to {{hours}} hours before they start. Please contact the consultant.",
    alreadyCancelled: customerBookingMessages.alreadyCancelled,
    alreadyStarted: customerBookingMessages.alreadyStarted,
    cancelled: customerBookingMessages.cancelled,
    consultantNotFound: customerBookingMessages.consultantNotFound,
    notFound: customerBookingMessages.notFound,
    consultantIdInvalid: customerBookingMessages.consultantIdInvalid,
    slotTaken: appointmentMessages.slotTaken,
    unavailable: schedulingMessages.unavailable,
    timeSkipped: schedulingMessages.timeSkipped,
    descriptionRequired: appointmentMessages.descriptionRequired,
    descriptionTooLong: appointmentMessages.descriptionTooLong,
    cancelReasonTooLong: appointmentMessages.cancelReasonTooLong,
    idempotencyKeyInvalid: customerBookingMessages.idempotencyKeyInvalid,
    idempotencyKeyReused: customerBookingMessages.idempotencyKeyReused,
    idempotencyKeyInFlight: customerBookingMessages.idempotencyKeyInFlight,
  },
  directory: {
    cursorInvalid: customerDirectoryMessages.cursorInvalid,
    countryInvalid: customerDirectoryMessages.countryInvalid,
    feeRange: customerDirectoryMessages.feeRange,
    fromRequired: customerDirectoryMessages.fromRequired,
    toRequired: customerDirectoryMessages.toRequired,
    dateInvalid: customerDirectoryMessages.dateInvalid,
    rangeOrder: customerDirectoryMessages.rangeOrder,
    rangeTooLong: customerDirectoryMessages.rangeTooLong(CUSTOMER_AVAILABILITY_MAX_DAYS),
    numberRequired: "Enter a number",
    numberNotNegative: "Enter a number of 0 or more",
    ratingMax: "Ratings go up to 5",
    sortInvalid: `Sort by one of ${DIRECTORY_SORTS.join(", ")}`,
  },
  live: {
    notAcceptable: customerLiveMessages.notAcceptable,
    tooManyForSession: "This device already has {{max}} live updates open: close another page or tab first",
    tooManyForAccount: "This account already has {{max}} live updates open: close another page or tab first",
  },
  server: {
    notSignedIn: serverMessages.notSignedIn,
    forbidden: serverMessages.forbidden,
    notFound: serverMessages.notFound,
    validation: serverMessages.validation,
    rateLimited: serverMessages.rateLimited,
    internal: serverMessages.internal,
    databaseUnavailable: serverMessages.databaseUnavailable,
    serverBusy: serverMessages.serverBusy,
    unsupportedContentType: serverMessages.unsupportedContentType,
    emptyJsonBody: serverMessages.emptyJsonBody,
    invalidJson: serverMessages.invalidJson,
    badContentLength: serverMessages.badContentLength,
    nulCharacter: serverMessages.nulCharacter,
    formUnreadable: serverMessages.formUnreadable,
    bodyTooLarge: uploadMessages.bodyTooLarge,
    tooManyFiles: uploadMessages.tooManyFiles,
    tooManyFields: uploadMessages.tooManyFields,
    tooManyParts: uploadMessages.tooManyParts,
    fieldTooLong: uploadMessages.fieldTooLong,
  },
  images: {
    fileTooLarge: uploadMessages.fileTooLarge(MAX_IMAGE_BYTES),
    fileTypeImage: serverMessages.fileTypeImage,
    imageUnreadable: serverMessages.imageUnreadable,
    imagesBusy: serverMessages.imagesBusy,
    cnicTooManyPixels: uploadMessages.tooManyPixels("cnic"),
    cnicTooDetailed: uploadMessages.storedTooLarge("cnic"),
    pictureTooManyPixels: uploadMessages.tooManyPixels("profilePicture"),
    pictureTooDetailed: uploadMessages.storedTooLarge("profilePicture"),
  },
  /** The schema library's own words, for a field whose check names no message of ours. */
  input: {
    invalid: "Invalid input",
    expectedType: "Invalid input: expected {{expected}}, received {{received}}",
    expectedValue: "Invalid input: expected {{value}}",
    expectedOneOf: "Invalid option: expected one of {{options}}",
    textTooLong: "Too big: expected string to have <={{maximum}} characters",
    textTooShort: "Too small: expected string to have >={{minimum}} characters",
    numberTooBig: "Too big: expected number to be <={{maximum}}",
    numberTooSmall: "Too small: expected number to be >={{minimum}}",
  },
} as const;

/** A catalogue: the same keys as the English one, every text a string. */
export type CustomerAnswerCatalogue = DeepStrings<typeof en>;
type DeepStrings<T> = { -readonly [Key in keyof T]: T[Key] extends string ? string : DeepStrings<T[Key]> };
