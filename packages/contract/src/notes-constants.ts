// Notes without their schemas (and so without zod): the limits and texts the screens show.

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
