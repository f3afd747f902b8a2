import {
  DELETE_APPOINTMENT_CHOICES,
  DELETE_REASON_MAX_LENGTH,
  type DeleteAppointmentChoice,
  upcomingDeletionMessages,
} from "./deletion-constants";
import { CONSULTANT_SORTS, type ConsultantSort } from "./lists-constants";

/** The consultant domain's constants and messages, free of zod so any page can import them cheaply. */
/**
 * The ten country choices of the consultant form: the stored value, the back-office's label, and the ISO
 * region code by which the customer site names it in the reader's language (Intl.DisplayNames).
 */
export const COUNTRY_OPTIONS = [
  { value: "russia", label: "Russia", region: "RU" },
  { value: "canada", label: "Canada", region: "CA" },
  { value: "china", label: "China", region: "CN" },
  { value: "pakistan", label: "Pakistan", region: "PK" },
  { value: "usa", label: "USA", region: "US" },
  { value: "uk", label: "UK", region: "GB" },
  { value: "australia", label: "Australia", region: "AU" },
  { value: "germany", label: "Germany", region: "DE" },
  { value: "france", label: "France", region: "FR" },
  { value: "japan", label: "Japan", region: "JP" },
] as const;
export type CountryValue = (typeof COUNTRY_OPTIONS)[number]["value"];
export const COUNTRY_VALUES: readonly string[] = COUNTRY_OPTIONS.map((option) => option.value);

/**
 * The languages a consultant may speak with customers: the stored value and the back-office's label (the
 * customer site names each in its own catalogue).
 */
export const LANGUAGE_OPTIONS = [
  { value: "english", label: "English" },
  { value: "urdu", label: "Urdu" },
  { value: "punjabi", label: "Punjabi" },
  { value: "sindhi", label: "Sindhi" },
  { value: "pashto", label: "Pashto" },
  { value: "balochi", label: "Balochi" },
  { value: "saraiki", label: "Saraiki" },
  { value: "arabic", label: "Arabic" },
  { value: "persian", label: "Persian" },
  { value: "hindi", label: "Hindi" },
  { value: "chinese", label: "Chinese" },
  { value: "french", label: "French" },
  { value: "german", label: "German" },
  { value: "russian", label: "Russian" },
  { value: "japanese", label: "Japanese" },
] as const;
export type LanguageValue = (typeof LANGUAGE_OPTIONS)[number]["value"];
export const LANGUAGE_VALUES: readonly string[] = LANGUAGE_OPTIONS.map((option) => option.value);

/** A sort of the consultant list: a field, "-" first for descending. */
export type ConsultantSortParam = ConsultantSort | `-${ConsultantSort}`;
export const CONSULTANT_SORT_PARAMS: readonly ConsultantSortParam[] = CONSULTANT_SORTS.flatMap((field) => [
  field,
  `-${field}` as const,
]);

/** Weekdays Monday to Sunday, the timing fields. */
export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Texts of the consultant list. */
export const consultantListMessages = {
  title: "Consultant",
  label: "Consultants",
  addButton: "+ Add Consultant",
  searchPlaceholder: "Search Consultants...",
  loading: "Loading Consultants...",
  empty: "No Consultants found",
  emptySearch: "No Consultants found matching your search",
} as const;

/** The consultant form's validation messages and toasts. */
export const consultantMessages = {
  nameRequired: "Name is required",
  businessNameRequired: "Business name is required",
  contactEmailRequired: "Contact email is required",
  phoneNumberRequired: "Phone number is required",
  fillRequired: "Please fill in all required fields",
  loadFailed: "Failed to load Consultant data",
  updateFailed: "Failed to update Consultant",
  addFailed: "Failed to add Consultant",
  updated: "Consultant updated successfully",
  added: "Consultant added successfully",
  idUndefined: "Consultant ID is undefined",
  // Our wording: rules the spec names without a message, and the delete screen the spec leaves out.
  emailInvalid: "Invalid email address",
  websiteInvalid: "Website must be a valid URL",
  countryInvalid: "Choose countries from the list",
  languageInvalid: "Choose languages from the list",
  ratingRange: "Rating must be between 0 and 5",
  ratingStep: "Rating can have at most one decimal",
  feeInvalid: "Fee must be a number of at least 0",
  feeDecimals: "Fee can have at most two decimals",
  experienceInvalid: "Experience must be a whole number of at least 0",
  satisfiedClientsInvalid: "Satisfied clients must be a whole number of at least 0",
  experienceTooLarge: "Experience is too large",
  satisfiedClientsTooLarge: "Satisfied clients is too large",
  guidInvalid: "GuidId must be a valid id",
  guidRequired: "GuidId is required",
  guidTaken: "A consultant with this GuidId already exists",
  notFound: "Consultant not found",
  deleteTitle: "Delete Consultant",
  deleteConfirm: "Are you sure you want to delete this consultant?",
  deleteUpcomingConfirm: "Delete the consultant although appointments are booked",
  deleted: "Consultant deleted successfully",
  deleteFailed: "Failed to delete Consultant",
  restored: "Consultant restored with its timings and addresses",
  restoreFailed: "Failed to restore Consultant",
  notDeleted: "This consultant is not deleted: there is nothing to restore",
} as const;

/** The 409 of a delete that would leave booked appointments without a decision on them. */
export const upcomingAppointmentsMessage = (count: number) => consultantDeletionMessages.upcoming(count);

export { DELETE_APPOINTMENT_CHOICES, DELETE_REASON_MAX_LENGTH, type DeleteAppointmentChoice };

/** Our wording: the delete page's choice, and how a deleted consultant shows wherever it is named. */
export const consultantDeletionMessages = {
  ...upcomingDeletionMessages("consultant", consultantMessages.deleted),
  restoreNote:
    "An administrator can restore the consultant, with its timings and addresses, from the Deleted filter of the consultant list. Appointments cancelled here stay cancelled.",
  consultantRemoved: "consultant removed",
  deletedDefault: "Deleted consultant",
} as const;

/** A time zone change of a consultant with upcoming appointments (our wording). */
export const timeZoneChangeMessages = {
  title: "Change the time zone?",
  explanation: (from: string, to: string) =>
    `Appointments keep the moment they were booked for, and their reminders stay as they are; from ${from} to ${to} they show at these local times:`,
  confirm: "Change time zone",
  previewFailed: "Failed to check the appointments of the time zone change",
  clash: "Two appointments would show at the same local time in this time zone: move one of them first",
  saved: (count: number) =>
    `${count} upcoming appointment${count === 1 ? "" : "s"} now shown in the new time zone`,
} as const;

/** Timings. */
export const timingMessages = {
  loadFailed: "Failed to load consultant timings",
  oneDayRequired: "Please enter timing for at least one day",
  consultantIdRequired: "Consultant ID is required",
  addFailed: "Failed to add timing",
  updateFailed: "Failed to update timing",
  added: "Timing added successfully",
  updated: "Timing updated successfully",
  deleted: "Timing deleted successfully",
  deleteConfirm: "Are you sure you want to delete this timing?",
  notFound: "Timing not found",
  deleteFailed: "Failed to delete timing",
  empty: 'No timings found. Click "Add Timing" to get started.',
  hint: "Enter a range such as 9:00 AM - 5:00 PM, or leave empty for closed.",
  probeNotFound: "Consultant timings endpoint not available",
  probeNotAllowed: "Consultant timings endpoint method not supported",
  guidTaken: "A timing with this guidId already exists",
} as const;

/** Addresses. */
export const addressMessages = {
  loadFailed: "Failed to load consultant addresses",
  addressRequired: "Address is required",
  cityRequired: "City is required",
  stateRequired: "State is required",
  countryRequired: "Country is required",
  zipCodeRequired: "ZIP Code is required",
  latitudeRange: "Latitude must be between -90 and 90",
  longitudeRange: "Longitude must be between -180 and 180",
  addFailed: "Failed to add address",
  updateFailed: "Failed to update address",
  added: "Address added successfully",
  updated: "Address updated successfully",
  deleted: "Address deleted successfully",
  deleteFailed: "Failed to delete address",
  deleteConfirm: "Are you sure you want to delete this address?",
  notFound: "Address not found",
  empty: 'No addresses found. Click "Add Address" to get started.',
  probeNotFound: "Consultant addresses endpoint not available",
  probeNotAllowed: "Consultant addresses endpoint method not supported",
  guidTaken: "An address with this guidId already exists",
} as const;
