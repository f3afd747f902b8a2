import type { AppUserForm } from "@visadesk/contract/users";
import { APP_USER_FILE_FIELDS, APP_USER_MULTIPART_FIELDS } from "@visadesk/contract/users-constants";

export interface AppUserImageFiles {
  profilePic: File | null;
  cnicFront: File | null;
  cnicBack: File | null;
}

/** The multipart form: UserName, Email, ..., Password, and the optional images. */
export function toFormData(form: AppUserForm, images: AppUserImageFiles, guidId?: string) {
  const data = new FormData();
  if (guidId) data.append("GuidId", guidId);
  for (const [name, multipartName] of Object.entries(APP_USER_MULTIPART_FIELDS)) {
    const value = form[name as keyof AppUserForm];
    if (typeof value === "string") data.append(multipartName, value);
  }
  for (const [name, multipartName] of Object.entries(APP_USER_FILE_FIELDS)) {
    const file = images[name as keyof AppUserImageFiles];
    if (file) data.append(multipartName, file);
  }
  return data;
}
