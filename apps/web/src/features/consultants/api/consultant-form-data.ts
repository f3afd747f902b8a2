import {
  CONSULTANT_FILE_FIELDS,
  CONSULTANT_MULTIPART_FIELDS,
} from "@visadesk/contract/consultant-field-maps-constants";
import type { ConsultantFields, ConsultantFormInput } from "@visadesk/contract/consultants";

export interface ConsultantImageFiles {
  logoURL: File | null;
  profilePic: File | null;
}

/**
 * The multipart form by its multipart names: GuidId, Name, BusinessName, ..., IsPremium (a blank for a
 * field without a value), and the optional images. The side card's picture goes as ProfilePic and as
 * ProfilePicThumbnail (the list shows the thumbnail).
 */
export function consultantForm(
  fields: ConsultantFields,
  images: ConsultantImageFiles,
  guidId: string,
): ConsultantFormInput {
  const text = Object.fromEntries(
    Object.entries(CONSULTANT_MULTIPART_FIELDS).map(([name, multipartName]) => {
      const value = fields[name as keyof ConsultantFields];
      return [multipartName, value === null || value === undefined ? "" : String(value)];
    }),
  ) as Record<(typeof CONSULTANT_MULTIPART_FIELDS)[keyof ConsultantFields], string>;
  return {
    GuidId: guidId,
    ...text,
    ...(images.logoURL ? { [CONSULTANT_FILE_FIELDS.logoURL]: images.logoURL } : {}),
    ...(images.profilePic
      ? {
          [CONSULTANT_FILE_FIELDS.profilePic]: images.profilePic,
          [CONSULTANT_FILE_FIELDS.profilePicThumbnail]: images.profilePic,
        }
      : {}),
  };
}
