/**
 * The record forms' field labels, by field name: the conflict alert lists changed fields with them and the
 * History tab names changes with them, so a field reads the same wherever it is named.
 */
export const consultantFieldLabels = {
  name: "Name",
  businessName: "Business Name",
  contactEmail: "Contact Email",
  phoneNumber: "Phone Number",
  officeNumber: "Office Number",
  website: "Website",
  aboutInfo: "About",
  address: "Address",
  country: "Countries",
  visaOffer: "Visa Offer",
  services: "Services",
  tags: "Tags",
  fee: "Visa Fee",
  timingStart: "Business hours",
  timingEnd: "Business hours",
  experience: "Experience (years)",
  rating: "Rating",
  satisfiedClients: "Satisfied Clients",
  isApproved: "Approval",
  isPremium: "Premium",
  timeZone: "Time zone",
  logoURL: "Logo",
  profilePic: "Profile picture",
} as const;

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
