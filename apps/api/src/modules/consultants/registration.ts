import type { ConsultantFields } from "@visadesk/contract/consultants";
import { consultantMessages } from "@visadesk/contract/consultants-constants";
import { brokenUniqueIndex } from "#api/db/errors";
import type { Executor } from "#api/db/schema";
import type { AppDeps } from "#api/deps";
import { Conflict } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { recordChange } from "../audit/service";
import type { CheckedImage } from "../files/service";
import { actorOf, answerOf } from "./consultant-answer";
import { fieldChanges, imageChanges } from "./consultant-history";
import * as repo from "./repository";

/** The checked images of a save, by the answer field that keeps each one's path. */
export interface ConsultantImages {
  logoURL?: CheckedImage | undefined;
  profilePic?: CheckedImage | undefined;
  profilePicThumbnail?: CheckedImage | undefined;
}

/** Stores the uploaded images in the transaction of the consultant's write; returns their relative paths. */
export async function storeImages(
  deps: Pick<AppDeps, "files">,
  trx: Executor,
  images: ConsultantImages,
  user: AuthUser,
  at: Date,
) {
  const paths: { logoUrl?: string; profilePic?: string; profilePicThumbnail?: string } = {};
  const store = (image: CheckedImage) =>
    deps.files.store(image, { isPrivate: false, isPersonal: false, createdBy: actorOf(user), at }, trx);
  if (images.logoURL) paths.logoUrl = await store(images.logoURL);
  if (images.profilePic) paths.profilePic = await store(images.profilePic);
  if (images.profilePicThumbnail) paths.profilePicThumbnail = await store(images.profilePicThumbnail);
  return paths;
}

/** A new consultant from the register form, with its images, in one transaction; a taken GuidId is a 409. */
export async function registerConsultant(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "files">,
  fields: ConsultantFields,
  guidId: string | undefined,
  images: ConsultantImages,
  user: AuthUser,
) {
  const { db, clock } = deps;
  const now = clock.now();
  try {
    const row = await db.kysely.transaction().execute(async (trx) => {
      const paths = await storeImages(deps, trx, images, user, now);
      const inserted = await repo.insertConsultant(trx, {
        ...fields,
        ...paths,
        guidId: guidId ?? newGuid(),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        createdBy: actorOf(user),
        updatedBy: actorOf(user),
      });
      await recordChange(trx, {
        action: "create",
        entity: "consultant",
        entityId: inserted.guidId,
        changes: { ...fieldChanges(null, inserted), ...imageChanges(paths) },
        at: now,
      });
      return inserted;
    });
    return answerOf(deps, row);
  } catch (error) {
    if (brokenUniqueIndex(error) !== null) throw new Conflict(consultantMessages.guidTaken, "guidId");
    throw error;
  }
}
