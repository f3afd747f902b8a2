import {
  CONSULTANT_FIELD_DECLARATIONS,
  CONSULTANT_FIELD_NAMES,
  CONSULTANT_FORM_ORDER,
  CONSULTANT_IMAGE_DECLARATIONS,
  type ConsultantField,
  type ConsultantFieldOf,
} from "./consultant-fields-constants";

/** What the forms, the API and the labels read from the consultant field declarations. */

type Declarations = typeof CONSULTANT_FIELD_DECLARATIONS;
/** The four fields whose absence gives "Please fill in all required fields". */
export const REQUIRED_CONSULTANT_FIELDS = CONSULTANT_FIELD_NAMES.filter(
  (field) => CONSULTANT_FIELD_DECLARATIONS[field].required,
) as ConsultantFieldOf<"required", true>[];

type MultipartNames = { [F in ConsultantField]: Declarations[F]["multipart"] };
const mapFields = <T>(read: (field: ConsultantField) => T) =>
  Object.fromEntries(CONSULTANT_FIELD_NAMES.map((field) => [field, read(field)]));

/** Multipart field names of Consultants/register and Consultants/update, by entity name. */
export const CONSULTANT_MULTIPART_FIELDS = mapFields(
  (field) => CONSULTANT_FIELD_DECLARATIONS[field].multipart,
) as MultipartNames;

/** The optional image files, by the answer field that keeps each one's path. */
export const CONSULTANT_FILE_FIELDS = {
  logoURL: CONSULTANT_IMAGE_DECLARATIONS.logoURL.multipart,
  profilePic: CONSULTANT_IMAGE_DECLARATIONS.profilePic.multipart,
  profilePicThumbnail: CONSULTANT_IMAGE_DECLARATIONS.profilePicThumbnail.multipart,
} as const;

type HoursField = ConsultantFieldOf<"input", "hours">;
type LabelKey = Exclude<ConsultantField, HoursField> | `${HoursField}${"Start" | "End"}`;

/**
 * The form's field labels in the form's order (an hours field as its two inputs), then the images: the
 * conflict alert lists changed fields with them and the History tab names changes with them.
 */
export const CONSULTANT_FIELD_LABELS = Object.fromEntries([
  ...CONSULTANT_FORM_ORDER.flatMap((field) => {
    const { label, input } = CONSULTANT_FIELD_DECLARATIONS[field];
    return input === "hours"
      ? [
          [`${field}Start`, label],
          [`${field}End`, label],
        ]
      : [[field, label]];
  }),
  ["logoURL", CONSULTANT_IMAGE_DECLARATIONS.logoURL.label],
  ["profilePic", CONSULTANT_IMAGE_DECLARATIONS.profilePic.label],
]) as Record<LabelKey | "logoURL" | "profilePic", string>;

/** The fields customers see in the directory and on a profile (`public: "summary"`), in declaration order. */
export type PublicSummaryField = ConsultantFieldOf<"public", "summary">;
/** The fields customers see on a profile only (`public: "profile"`). */
export type PublicProfileField = ConsultantFieldOf<"public", "profile">;
export const PUBLIC_SUMMARY_FIELDS = CONSULTANT_FIELD_NAMES.filter(
  (field) => (CONSULTANT_FIELD_DECLARATIONS[field] as { public?: string }).public === "summary",
) as PublicSummaryField[];
export const PUBLIC_PROFILE_FIELDS = CONSULTANT_FIELD_NAMES.filter(
  (field) => (CONSULTANT_FIELD_DECLARATIONS[field] as { public?: string }).public === "profile",
) as PublicProfileField[];
