import type { Insertable } from "kysely";
import type { Executor, FilesTable } from "#api/db/schema";

export function insertFile(db: Executor, file: Insertable<FilesTable>) {
  return db.insertInto("files").values(file).execute();
}

/** A file's bytes, public or private as asked: a private name is never served as a public one. */
export function findFile(db: Executor, id: string, isPrivate: boolean) {
  return db
    .selectFrom("files")
    .select(["contentType", "size", "content", "isPersonal"])
    .where("id", "=", id)
    .where("isPrivate", "=", isPrivate)
    .executeTakeFirst();
}

/** A public image's small copy: undefined for an unknown name, null thumbnail when none is made yet. */
export function findThumbnail(db: Executor, id: string) {
  return db
    .selectFrom("files")
    .select(["thumbnail", "isPersonal"])
    .where("id", "=", id)
    .where("isPrivate", "=", false)
    .executeTakeFirst();
}

export function setThumbnail(db: Executor, id: string, thumbnail: Buffer) {
  return db.updateTable("files").set({ thumbnail }).where("id", "=", id).execute();
}

export function deleteFile(db: Executor, id: string) {
  return db.deleteFrom("files").where("id", "=", id).execute();
}

export function deleteFiles(db: Executor, ids: string[]) {
  return db.deleteFrom("files").where("id", "in", ids).execute();
}
