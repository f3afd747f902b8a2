/**
 * The app user fields' own rule texts and the CNIC's form: what the field rules check against. A leaf of the
 * contract (it imports nothing), so the rules and the field declarations can both read it without a loop.
 */

/** CNIC is five digits, dash, seven digits, dash, one digit. */
export const CNIC_PATTERN = /^\d{5}-\d{7}-\d$/;

/** The spec's messages of the app user fields' rules. */
export const appUserValidationMessages = {
  userName: "Username is required",
  email: "Email is required",
  emailInvalid: "Invalid email address",
  firstName: "First name is required",
  lastName: "Last name is required",
  phoneNumber: "Phone number is required",
  dateOfBirth: "Date of birth is required",
  dateOfBirthInvalid: "Date of birth must be a valid date",
  dateOfBirthFuture: "Date of birth cannot be in the future",
  cnic: "CNIC Number is required",
  cnicFormat: "CNIC must be in format: 12345-1234567-1",
  address: "Address is required",
  password: "Password is required",
  passwordMismatch: "Passwords do not match",
} as const;
