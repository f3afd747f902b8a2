import { z } from "zod";
import { pageSchema, timestampSchema } from "./common";
import { NOTE_ENTITIES, NOTE_MAX_LENGTH, noteMessages } from "./notes-constants";

// The server reads the zod-free parts from here too.
export * from "./notes-constants";

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
  id: z.string().max(36),
  entity: noteEntitySchema,
  entityId: z.string().max(100),
  text: z.string().max(NOTE_MAX_LENGTH),
  /** Its author: their guid, and their name (first and last, at most 100 each, else their userName). */
  author: z.object({ guidId: z.string().max(36), name: z.string().max(201) }),
  createdAt: timestampSchema.describe("When it was written, ISO 8601 UTC"),
  updatedAt: timestampSchema.describe("When it was last edited (the same as createdAt if never)"),
  editableUntil: z
    .string()
    .max(30)
    .meta({ format: "date-time" })
    .describe("Until when its author may edit it, ISO 8601 UTC"),
});
export type Note = z.infer<typeof noteSchema>;

/** All of a record's notes (not paged), total their number. */
export const noteListSchema = pageSchema(noteSchema);
export type NoteList = z.infer<typeof noteListSchema>;
