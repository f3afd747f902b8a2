import {
  type NewNote,
  NOTE_EDIT_MINUTES,
  type Note,
  type NoteList,
  type NoteQuery,
  noteMessages,
} from "@visadesk/contract/notes";
import { linkedRecordExists } from "#api/db/linked-records";
import type { AppDeps } from "#api/deps";
import { Conflict, Forbidden, NotFound } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import type { AuthUser } from "#api/modules/auth/auth-user";
import { actorOf, recordChange } from "../audit/service";
import * as repo from "./repository";

const EDIT_MS = NOTE_EDIT_MINUTES * 60_000;

type NoteRow = Awaited<ReturnType<typeof repo.insertNote>>;

function toNote(row: NoteRow): Note {
  const createdAt = new Date(row.createdAt);
  return {
    id: row.guidId,
    entity: row.entity as Note["entity"],
    entityId: row.entityId,
    text: row.text,
    author: { guidId: row.authorGuidId, name: row.authorName },
    createdAt: createdAt.toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    editableUntil: new Date(createdAt.getTime() + EDIT_MS).toISOString(),
  };
}

export function createNoteService(deps: Pick<AppDeps, "db" | "clock">) {
  const { db, clock } = deps;
  return {
    async list(query: NoteQuery): Promise<NoteList> {
      const rows = await repo.notesOf(db.kysely, query.entity, query.entityId);
      return { data: rows.map(toNote), total: rows.length };
    },

    /** A note on an existing record, by the signed-in user; audited with it. */
    async add(body: NewNote, user: AuthUser): Promise<Note> {
      if (!(await linkedRecordExists(db.kysely, body.entity, body.entityId))) {
        throw new NotFound(noteMessages.recordNotFound);
      }
      const now = clock.now();
      const author = actorOf(user);
      const row = await db.kysely.transaction().execute(async (trx) => {
        const inserted = await repo.insertNote(trx, {
          guidId: newGuid(),
          entity: body.entity,
          entityId: body.entityId,
          text: body.text,
          authorGuidId: author.guidId,
          authorName: author.name,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        });
        await recordChange(trx, {
          action: "create",
          entity: "note",
          entityId: inserted.guidId,
          changes: {
            record: { from: null, to: { entity: body.entity, entityId: body.entityId } },
            text: { from: null, to: body.text },
          },
          at: now,
        });
        return inserted;
      });
      return toNote(row);
    },

    /** Its author may edit a note for NOTE_EDIT_MINUTES after writing it; then it is fixed (409). */
    async edit(guidId: string, text: string, user: AuthUser): Promise<Note> {
      const note = await repo.findNote(db.kysely, guidId);
      if (!note) throw new NotFound(noteMessages.notFound);
      if (note.authorGuidId !== user.guidId) throw new Forbidden(noteMessages.notAuthor);
      const now = clock.now();
      const editableFrom = new Date(now.getTime() - EDIT_MS).toISOString();
      const row = await db.kysely.transaction().execute(async (trx) => {
        const updated = await repo.updateNoteText(trx, guidId, text, now.toISOString(), editableFrom);
        if (!updated) throw new Conflict(noteMessages.fixed);
        if (note.text !== text) {
          await recordChange(trx, {
            action: "update",
            entity: "note",
            entityId: guidId,
            changes: { text: { from: note.text, to: text } },
            at: now,
          });
        }
        return updated;
      });
      return toNote(row);
    },
  };
}
export type NoteService = ReturnType<typeof createNoteService>;
