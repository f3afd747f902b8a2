import { z } from "zod";
import { pageSchema, timestampSchema } from "./common";

export const NOTE_MAX_LENGTH = 2000;
/** How long the author may still edit a note; after that it is fixed. */
export const NOTE_EDIT_MINUTES = 15;

export const noteMessages = {
  textRequired: "Write the note",
  textTooLong: `A note has at most ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters`,
  unknownEntity: "Notes are kept on a consultant, an app user or an appointment",
  recordNotFound: "No such record: the note was not saved",
  notFound: "No such note",
  notAuthor: "Only the author of a note can edit it",
  fixed: `This note can no longer be edited: notes are fixed ${NOTE_EDIT_MINUTES} minutes after they are written`,
} as const;

/** The kinds of record a note can be kept on (the audit history's names for them). */
export const NOTE_ENTITIES = ["consultant", "user", "appointment"] as const;
export const noteEntitySchema = z.enum(NOTE_ENTITIES, { error: () => noteMessages.unknownEntity });
export type NoteEntity = z.infer<typeof noteEntitySchema>;

const noteText = z
  .string({ error: noteMessages.textRequired })
  .trim()
  .min(1, noteMessages.textRequired)
  .max(NOTE_MAX_LENGTH, noteMessages.textTooLong);

const recordFields = {
  entity: noteEntitySchema,
  entityId: z.string().trim().min(1).max(100).describe("The record's guidId"),
};

export const noteQuerySchema = z.object(recordFields);
export type NoteQuery = z.infer<typeof noteQuerySchema>;

export const newNoteSchema = z.object({ ...recordFields, text: noteText });
export type NewNote = z.infer<typeof newNoteSchema>;

export const noteEditSchema = z.object({ text: noteText });
export type NoteEdit = z.infer<typeof noteEditSchema>;

export const noteIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const noteSchema = z.object({
  id: z.string(),
  entity: noteEntitySchema,
  entityId: z.string(),
  text: z.string(),
  author: z.object({ guidId: z.string(), name: z.string() }),
  createdAt: timestampSchema.describe("When it was written, ISO 8601 UTC"),
  updatedAt: timestampSchema.describe("When it was last edited (the same as createdAt if never)"),
  editableUntil: z.string().describe("Until when its author may edit it, ISO 8601 UTC"),
});
export type Note = z.infer<typeof noteSchema>;

/** All of a record's notes (not paged), total their number. */
export const noteListSchema = pageSchema(noteSchema);
export type NoteList = z.infer<typeof noteListSchema>;
