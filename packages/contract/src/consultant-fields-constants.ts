import { MAX_DB_INTEGER } from "./common-constants";
import { type ConsultantFieldDeclaration, namingEach } from "./consultant-field-inputs-constants";
import { COUNTRY_VALUES, LANGUAGE_VALUES } from "./consultants-constants";

/**
 * Each consultant field, declared once: its rule, how the API answers it, its label, its multipart name, its
 * CSV column, what the history, the search and the form do with it. The contract's schemas, the API's
 * columns and export, the web form and the field labels are all read from here. Free of zod (the rules are
 * built by consultants.ts), so a page that only names fields stays light.
 */
export { type ConsultantInput, consultantInputs, toTimeInput } from "./consultant-field-inputs-constants";

const webUrl = /^https?:\/\/[^\s/?#.]+(\.[^\s/?#.]+)+([/?#]\S*)?$/i;
const plain = { audited: true, secret: false, searchable: false, required: false } as const;
const found = { audited: true, secret: false, searchable: true, required: false } as const;

// Each answer is as long as its rule lets the field be written (a list: every value once, comma-joined).
/** The consultant's fields by their entity names, in the order the API answers and the forms send them. */
export const CONSULTANT_FIELD_DECLARATIONS = {
  name: {
    ...found,
    required: true,
    label: "Name",
    multipart: "Name",
    csv: "Name",
    input: "text",
    rule: ({ required, m }) => required(m.nameRequired, 200),
    answer: ({ z }) => z.string().max(200),
    public: "summary",
  },
  businessName: {
    ...found,
    required: true,
    label: "Business Name",
    multipart: "BusinessName",
    csv: "Business Name",
    input: "text",
    rule: ({ required, m }) => required(m.businessNameRequired, 200),
    answer: ({ z }) => z.string().max(200),
    public: "summary",
  },
  aboutInfo: {
    ...plain,
    label: "About",
    multipart: "AboutInfo",
    input: "text",
    rule: ({ text }) => text(5000),
    answer: ({ z }) => z.string().max(5000).nullable(),
    public: "profile",
  },
  website: {
    ...plain,
    label: "Website",
    multipart: "website",
    csv: "Website",
    input: "text",
    rule: ({ text, m }) =>
      text(500).refine((value) => value === null || webUrl.test(value), m.websiteInvalid),
    answer: ({ z }) => z.string().max(500).nullable(),
    public: "profile",
  },
  address: {
    ...plain,
    label: "Address",
    multipart: "Address",
    csv: "Address",
    input: "text",
    rule: ({ text }) => text(500),
    answer: ({ z }) => z.string().max(500).nullable(),
  },
  country: {
    ...found,
    label: "Countries",
    multipart: "country",
    csv: "Countries",
    input: "countries",
    rule: ({ countries }) => countries(),
    answer: ({ z }) => z.string().max(COUNTRY_VALUES.join(",").length).nullable(),
    public: "summary",
  },
  languagesSpoken: {
    ...plain,
    label: "Languages spoken",
    multipart: "languagesSpoken",
    csv: "Languages spoken",
    input: "languages",
    rule: ({ languages }) => languages(),
    answer: ({ z }) => z.string().max(LANGUAGE_VALUES.join(",").length).nullable(),
    public: "summary",
  },
  visaOffer: {
    ...plain,
    label: "Visa Offer",
    multipart: "VisaOffer",
    csv: "Visa Offer",
    input: "text",
    rule: ({ text }) => text(500),
    answer: ({ z }) => z.string().max(500).nullable(),
    public: "summary",
  },
  services: {
    ...plain,
    label: "Services",
    multipart: "Services",
    csv: "Services",
    input: "text",
    rule: ({ text }) => text(1000),
    answer: ({ z }) => z.string().max(1000).nullable(),
    public: "summary",
  },
  fee: {
    ...plain,
    label: "Visa Fee",
    multipart: "Fee",
    csv: "Fee",
    input: "number",
    rule: ({ optionalNumber, z, m, hasAtMostDecimals }) =>
      optionalNumber(
        z.number({ error: m.feeInvalid }).min(0, m.feeInvalid).refine(hasAtMostDecimals(2), m.feeDecimals),
      ),
    answer: ({ z }) => z.number().nullable(),
    public: "summary",
  },
  tags: {
    ...plain,
    label: "Tags",
    multipart: "Tags",
    input: "text",
    rule: ({ text }) => text(500),
    answer: ({ z }) => z.string().max(500).nullable(),
  },
  contactEmail: {
    ...found,
    required: true,
    label: "Contact Email",
    multipart: "ContactEmail",
    csv: "Email",
    input: "text",
    rule: ({ required, z, m }) => required(m.contactEmailRequired, 200).pipe(z.email(m.emailInvalid)),
    answer: ({ z }) => z.string().max(200),
  },
  phoneNumber: {
    // Not in the list's search text: the header search finds it by its digits (migration 023).
    ...plain,
    required: true,
    label: "Phone Number",
    multipart: "PhoneNumber",
    csv: "Phone",
    input: "text",
    // A blank one has the required message alone.
    rule: ({ required, m, phone }) =>
      required(m.phoneNumberRequired, 30).refine(phone.isBlankOrNumber, phone.m.phoneNumberInvalid),
    answer: ({ z }) => z.string().max(30),
  },
  officeNumber: {
    ...plain,
    label: "Office Number",
    multipart: "OfficeNumber",
    csv: "Office Number",
    input: "text",
    rule: ({ text, phone }) =>
      text(30).refine((value) => value === null || phone.isNumber(value), phone.m.officeNumberInvalid),
    answer: ({ z }) => z.string().max(30).nullable(),
  },
  timing: {
    ...plain,
    label: "Business hours",
    multipart: "timing",
    input: "hours",
    rule: ({ text }) => text(50),
    answer: ({ z }) => z.string().max(50).nullable(),
  },
  experience: {
    ...plain,
    label: "Experience (years)",
    multipart: "experience",
    csv: "Experience",
    input: "number",
    rule: ({ optionalNumber, z, m }) =>
      optionalNumber(
        z
          .number({ error: m.experienceInvalid })
          .int(m.experienceInvalid)
          .min(0, m.experienceInvalid)
          .max(MAX_DB_INTEGER, m.experienceTooLarge),
      ),
    answer: ({ z }) => z.number().nullable(),
    public: "summary",
  },
  rating: {
    ...plain,
    label: "Rating",
    multipart: "Rating",
    csv: "Rating",
    input: "number",
    rule: ({ optionalNumber, z, m, hasAtMostDecimals }) =>
      optionalNumber(
        z
          .number({ error: m.ratingRange })
          .min(0, m.ratingRange)
          .max(5, m.ratingRange)
          // Rating step 0.1.
          .refine(hasAtMostDecimals(1), m.ratingStep),
      ),
    answer: ({ z }) => z.number().nullable(),
    public: "summary",
  },
  satisfiedClients: {
    ...plain,
    label: "Satisfied Clients",
    multipart: "satisfiedClients",
    input: "number",
    rule: ({ optionalNumber, z, m }) =>
      optionalNumber(
        z
          .number({ error: m.satisfiedClientsInvalid })
          .int(m.satisfiedClientsInvalid)
          .min(0, m.satisfiedClientsInvalid)
          .max(MAX_DB_INTEGER, m.satisfiedClientsTooLarge),
      ),
    answer: ({ z }) => z.number().nullable(),
    public: "profile",
  },
  isApproved: {
    ...plain,
    label: "Approval",
    multipart: "IsApproved",
    csv: "Approved",
    input: "status",
    rule: ({ flag }) => flag(),
    answer: ({ z }) => z.boolean(),
  },
  isPremium: {
    ...plain,
    label: "Premium",
    multipart: "IsPremium",
    csv: "Premium",
    input: "status",
    rule: ({ flag }) => flag(),
    answer: ({ z }) => z.boolean(),
    public: "summary",
  },
  timeZone: {
    ...plain,
    label: "Time zone",
    multipart: "TimeZone",
    input: "text",
    /** Blank = keep (new consultants: BUSINESS_TIMEZONE). */
    rule: ({ timeZone }) => timeZone(),
    /** The IANA time zone its hours and its appointments' dates and times are read in. */
    answer: ({ z }) => z.string().max(64),
  },
} as const satisfies Record<string, ConsultantFieldDeclaration>;

type Declarations = typeof CONSULTANT_FIELD_DECLARATIONS;
export type ConsultantField = keyof Declarations;
export const CONSULTANT_FIELD_NAMES = Object.keys(CONSULTANT_FIELD_DECLARATIONS) as ConsultantField[];
/** The fields whose declaration has `value` as its `key`. */
export type ConsultantFieldOf<K extends keyof ConsultantFieldDeclaration, V> = {
  [F in ConsultantField]: Declarations[F] extends Record<K, V> ? F : never;
}[ConsultantField];
export type ExportedConsultantField = ConsultantFieldOf<"csv", string>;

/** The order of the form, which the conflict alert lists changed fields in. */
export const CONSULTANT_FORM_ORDER = namingEach<ConsultantField>()([
  "name",
  "businessName",
  "contactEmail",
  "phoneNumber",
  "officeNumber",
  "website",
  "aboutInfo",
  "address",
  "country",
  "languagesSpoken",
  "visaOffer",
  "services",
  "tags",
  "fee",
  "timing",
  "experience",
  "rating",
  "satisfiedClients",
  "isApproved",
  "isPremium",
  "timeZone",
]);

/** The export's column order between Id and Created At: who, how to reach them, where, what, then figures. */
export const CONSULTANT_CSV_ORDER = namingEach<ExportedConsultantField>()([
  "name",
  "businessName",
  "contactEmail",
  "phoneNumber",
  "officeNumber",
  "country",
  "website",
  "address",
  "visaOffer",
  "services",
  "fee",
  "experience",
  "rating",
  "isApproved",
  "isPremium",
  "languagesSpoken",
]);

/** The optional images, by the answer field that keeps each one's path: multipart name and label. */
export const CONSULTANT_IMAGE_DECLARATIONS = {
  logoURL: { multipart: "Logo", label: "Logo" },
  profilePic: { multipart: "ProfilePic", label: "Profile picture" },
  /** The list's thumbnail: the form sends the profile picture again under this name. */
  profilePicThumbnail: { multipart: "ProfilePicThumbnail" },
} as const;
