import type { NoteEntity } from "@visadesk/contract/notes";
import type { Insertable } from "kysely";
import type { Executor, NotesTable } from "#api/db/schema";

/** A record's notes, newest first (the notes_record index). */
export function notesOf(db: Executor, entity: NoteEntity, entityId: string) {
  return db
    .selectFrom("notes")
    .selectAll()
    .where("entity", "=", entity)
    .where("entityId", "=", entityId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
}

export function findNote(db: Executor, guidId: string) {
  return db.selectFrom("notes").selectAll().where("guidId", "=", guidId).executeTakeFirst();
}

export function insertNote(db: Executor, note: Insertable<NotesTable>) {
  return db.insertInto("notes").values(note).returningAll().executeTakeFirstOrThrow();
}

/** Changes the text only while the note is still editable (the condition is the UPDATE's own). */
export function updateNoteText(db: Executor, guidId: string, text: string, at: string, editableFrom: string) {
  return db
    .updateTable("notes")
    .set({ text, updatedAt: at })
    .where("guidId", "=", guidId)
    .where("createdAt", ">", editableFrom)
    .returningAll()
    .executeTakeFirst();
}
