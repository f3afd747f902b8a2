import type { ConsultantFields } from "@visadesk/contract/consultants";
import {
  CONSULTANT_FILE_FIELDS,
  CONSULTANT_MULTIPART_FIELDS,
} from "@visadesk/contract/consultants-constants";

export interface ConsultantImageFiles {
  logoURL: File | null;
  profilePic: File | null;
}

/**
 * The multipart form: GuidId, Name, BusinessName, ..., IsPremium, and the optional images.
 * The side card's picture goes as ProfilePic and as ProfilePicThumbnail (the list shows the thumbnail).
 */
export function toFormData(fields: ConsultantFields, images: ConsultantImageFiles, guidId: string) {
  const data = new FormData();
  data.append("GuidId", guidId);
  for (const [name, multipartName] of Object.entries(CONSULTANT_MULTIPART_FIELDS)) {
    const value = fields[name as keyof ConsultantFields];
    data.append(multipartName, value === null || value === undefined ? "" : String(value));
  }
  if (images.logoURL) data.append(CONSULTANT_FILE_FIELDS.logoURL, images.logoURL);
  if (images.profilePic) {
    data.append(CONSULTANT_FILE_FIELDS.profilePic, images.profilePic);
    data.append(CONSULTANT_FILE_FIELDS.profilePicThumbnail, images.profilePic);
  }
  return data;
}
