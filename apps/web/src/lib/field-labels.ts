import { CONSULTANT_FIELD_LABELS } from "@visadesk/contract/consultant-field-maps-constants";

/**
 * The record forms' field labels, by field name: the conflict alert lists changed fields with them and the
 * History tab names changes with them, so a field reads the same wherever it is named.
 */
export const consultantFieldLabels = CONSULTANT_FIELD_LABELS;

export const appUserFieldLabels = {
  userName: "Username",
  email: "Email",
  firstName: "First Name",
  lastName: "Last Name",
  phoneNumber: "Phone Number",
  dateOfBirth: "Date of Birth",
  cnic: "CNIC Number",
  address: "Address",
  timeZone: "Time zone",
  profilePic: "Profile picture",
  cnicFront: "CNIC Front",
  cnicBack: "CNIC Back",
} as const;
