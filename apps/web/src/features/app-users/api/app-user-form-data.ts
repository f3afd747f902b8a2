import { APP_USER_FIELD_NAMES, type AppUserField } from "@visadesk/contract/app-user-fields-constants";
import type { appUserEndpoints } from "@visadesk/contract/app-users-endpoints";
import type { FormIn } from "@visadesk/contract/endpoint";
import type { AppUserForm } from "@visadesk/contract/users";
import {
  APP_USER_EDIT_FIELDS,
  APP_USER_FILE_FIELDS,
  APP_USER_MULTIPART_FIELDS,
} from "@visadesk/contract/users-constants";

export interface AppUserImageFiles {
  profilePic: File | null;
  cnicFront: File | null;
  cnicBack: File | null;
}

type AddForm = FormIn<typeof appUserEndpoints.add>;
type UpdateForm = FormIn<typeof appUserEndpoints.update>;
const field = APP_USER_MULTIPART_FIELDS;
const file = APP_USER_FILE_FIELDS;

/** The images chosen, by their multipart names; one not chosen is left out (the stored one stays). */
const imagesOf = (images: AppUserImageFiles) => ({
  [file.profilePic]: images.profilePic ?? undefined,
  [file.cnicFront]: images.cnicFront ?? undefined,
  [file.cnicBack]: images.cnicBack ?? undefined,
});

/** The fields both forms send, by their multipart names: UserName, Email, ..., TimeZone. */
const detailsOf = (form: AppUserForm) =>
  Object.fromEntries(APP_USER_FIELD_NAMES.map((name) => [field[name], form[name]])) as {
    [F in AppUserField as (typeof field)[F]]: string;
  };

/** The add form's multipart fields: the details, Password, and the optional images. */
export const addForm = (form: AppUserForm, images: AppUserImageFiles): AddForm => ({
  ...detailsOf(form),
  [field.password]: form.password,
  ...imagesOf(images),
});

/**
 * The edit form's: GuidId, the details and Password as the spec's form sends them (its input is disabled; the
 * server ignores it), the version the form loaded, and the images chosen.
 */
export const updateForm = (
  guidId: string,
  form: AppUserForm,
  images: AppUserImageFiles,
  version: number,
): UpdateForm => ({
  [APP_USER_EDIT_FIELDS.guidId]: guidId,
  ...detailsOf(form),
  [field.password]: form.password,
  [APP_USER_EDIT_FIELDS.version]: String(version),
  ...imagesOf(images),
});
