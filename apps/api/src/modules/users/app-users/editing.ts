import {
  APP_USER_FIELD_DECLARATIONS,
  APP_USER_FIELD_NAMES,
  APP_USER_IMAGE_DECLARATIONS,
  type AppUserField,
  type AppUserImageField,
  AUDITED_APP_USER_FIELDS,
  type RequiredAppUserField,
} from "@visadesk/contract/app-user-fields-constants";
import type { AppUserUpdate, NewAppUser, User } from "@visadesk/contract/users";
import { appUserMessages } from "@visadesk/contract/users-constants";
import type { Executor } from "#api/db/schema";
import type { AppDeps } from "#api/deps";
import { Forbidden, NotFound } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import { assertAcceptablePassword } from "#api/lib/password-policy";
import { hashPassword } from "#api/lib/passwords";
import { StaleVersion } from "#api/lib/versions";
import { type AuditChanges, changesBetween, recordChange } from "../../audit/service";
import { accountConflict, revokeSessionsOf } from "../../auth/service";
import type { CheckedImage } from "../../files/service";
import * as repo from "../repository";
import { getUser } from "../user-answer";
import { insertUser, updateUser } from "./repository";

/** The three images of an app user; an absent one keeps the stored image. */
export interface AppUserImages {
  profilePic?: CheckedImage | undefined;
  cnicFront?: CheckedImage | undefined;
  cnicBack?: CheckedImage | undefined;
}

/** An app user's declared fields as the add and edit forms write them: the optional ones may be absent. */
type Profile = Pick<NewAppUser, RequiredAppUserField> &
  Partial<Pick<NewAppUser, Exclude<AppUserField, RequiredAppUserField>>>;

/**
 * The fields an app user's add and edit forms both write, as declared: each one every form asks for, and an
 * optional one (the time zone) only when given, as absent means keep the stored value (the spec's form
 * sends no zone).
 */
function profileOf(fields: NewAppUser | AppUserUpdate): Profile {
  const written = APP_USER_FIELD_NAMES.filter(
    (field) => APP_USER_FIELD_DECLARATIONS[field].required || fields[field],
  );
  return Object.fromEntries(written.map((field) => [field, fields[field]])) as Profile;
}

/** An account's fields its history records (never its password hash, recorded only as "changed"). */
const AUDITED_FIELDS = [...AUDITED_APP_USER_FIELDS, "role", "status"] as const satisfies ReadonlyArray<
  keyof repo.ListedUser
>;

/** New images are recorded as "changed": neither their bytes nor their private paths go in. */
function imageChanges(paths: {
  profilePic?: string | undefined;
  cnicFront?: string | undefined;
  cnicBack?: string | undefined;
}) {
  const changes: AuditChanges = {};
  for (const field of Object.keys(APP_USER_IMAGE_DECLARATIONS) as AppUserImageField[]) {
    if (paths[field]) changes[field] = "changed";
  }
  return changes;
}

/** An app user that may be edited or deleted here; internal accounts are read-only. */
export async function findAppUser(db: Executor, guidId: string) {
  const user = await repo.findUser(db, guidId);
  if (!user) throw new NotFound(appUserMessages.notFound);
  if (user.role !== "AppUser") throw new Forbidden("Internal users are read-only");
  return user;
}

/** Staff adding and editing app users (the spec's adduser and update-user), with their images. */
export function appUserEditing(deps: AppDeps) {
  const { db, clock } = deps;

  /**
   * Stores the images sent, in the transaction of the user's write so a refused write leaves no file behind;
   * the profile picture is public, CNIC images are personal data (private).
   */
  async function storeImages(trx: Executor, images: AppUserImages, createdBy: string, at: Date) {
    const store = (image: CheckedImage | undefined, isPrivate: boolean) =>
      image ? deps.files.store(image, { isPrivate, createdBy, at }, trx) : Promise.resolve(undefined);
    return {
      profilePic: await store(images.profilePic, false),
      cnicFront: await store(images.cnicFront, true),
      cnicBack: await store(images.cnicBack, true),
    };
  }

  return {
    async addAppUser(fields: NewAppUser, images: AppUserImages, createdBy: string): Promise<User> {
      assertAcceptablePassword(fields.password, "password");
      const now = clock.now();
      const passwordHash = await hashPassword(fields.password);
      const guidId = newGuid();
      try {
        await db.kysely.transaction().execute(async (trx) => {
          const paths = await storeImages(trx, images, createdBy, now);
          const row = {
            ...profileOf(fields),
            guidId,
            profilePic: paths.profilePic ?? null,
            cnicFront: paths.cnicFront ?? null,
            cnicBack: paths.cnicBack ?? null,
            passwordHash,
            role: "AppUser" as const,
            status: "active" as const,
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
          };
          await insertUser(trx, row);
          await recordChange(trx, {
            action: "create",
            entity: "user",
            entityId: guidId,
            changes: {
              ...changesBetween(null, row, AUDITED_FIELDS),
              password: "changed",
              ...imageChanges(paths),
            },
            at: now,
          });
        });
      } catch (error) {
        throw accountConflict(error) ?? error;
      }
      return getUser(db.kysely, guidId);
    },

    async updateAppUser(
      guidId: string,
      fields: AppUserUpdate,
      images: AppUserImages,
      updatedBy: string,
      expected?: number,
    ): Promise<User> {
      if (fields.newPassword) assertAcceptablePassword(fields.newPassword, "newPassword");
      const user = await findAppUser(db.kysely, guidId);
      const now = clock.now();
      // The stored password changes only when a new one is deliberately sent (never the edit form's).
      const passwordHash = fields.newPassword ? await hashPassword(fields.newPassword) : undefined;
      try {
        await db.kysely.transaction().execute(async (trx) => {
          const paths = await storeImages(trx, images, updatedBy, now);
          const updated = await updateUser(
            trx,
            user.id,
            {
              ...profileOf(fields),
              ...(paths.profilePic ? { profilePic: paths.profilePic } : {}),
              ...(paths.cnicFront ? { cnicFront: paths.cnicFront } : {}),
              ...(paths.cnicBack ? { cnicBack: paths.cnicBack } : {}),
              ...(passwordHash ? { passwordHash } : {}),
              updatedAt: now.toISOString(),
            },
            expected,
          );
          // Thrown inside the transaction: the images stored for this save are dropped with it.
          if (!updated) {
            throw (await repo.findUser(trx, guidId))
              ? new StaleVersion()
              : new NotFound(appUserMessages.notFound);
          }
          if (passwordHash) await revokeSessionsOf(trx, user.id, now.toISOString());
          await recordChange(trx, {
            action: "update",
            entity: "user",
            entityId: user.guidId,
            changes: {
              ...changesBetween(user, { ...user, ...profileOf(fields) }, AUDITED_FIELDS),
              ...(passwordHash ? { password: "changed" as const } : {}),
              ...imageChanges(paths),
            },
            at: now,
          });
        });
      } catch (error) {
        throw accountConflict(error) ?? error;
      }
      return getUser(db.kysely, guidId);
    },
  };
}
