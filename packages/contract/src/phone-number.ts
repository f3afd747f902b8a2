/** What a phone number is, free of zod so any page can import it cheaply. */

/** E.164 allows 15 digits; fewer than 3 is no number anyone can call. */
const MIN_DIGITS = 3;
const MAX_DIGITS = 15;
/** Digits with the spaces, dashes, dots and brackets people write them with, a leading + and an extension. */
const PHONE_NUMBER = /^(\+?[\d\s().-]+?)(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;

/** "+92 300 1234567", "(042) 123-4567", "+92 42 1234567 ext 12": yes; "xyz", "12ab", "+": no. */
export function isPhoneNumber(text: string): boolean {
  const number = PHONE_NUMBER.exec(text.trim())?.[1];
  const digits = number?.replace(/\D/g, "").length ?? 0;
  return digits >= MIN_DIGITS && digits <= MAX_DIGITS;
}

/**
 * The rule every phone field of a form or a body applies (consultants, app users, staff accounts): a blank
 * one is left to the field's own "required" message (or allowed where the phone is optional).
 */
export const isBlankOrPhoneNumber = (text: string | null | undefined): boolean =>
  !text?.trim() || isPhoneNumber(text);

/** Our wording: the spec asks only for the browser's phone input, which takes any text. */
export const phoneNumberMessages = {
  phoneNumberInvalid: "Enter a phone number, such as +92 300 1234567",
  officeNumberInvalid: "Enter an office number, such as +92 42 1234567",
} as const;
