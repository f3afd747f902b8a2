import { apiErrorSchema } from "./common";
import { endpoint } from "./endpoint";
import {
  newNoteSchema,
  noteEditSchema,
  noteIdParamsSchema,
  noteListSchema,
  noteQuerySchema,
  noteSchema,
} from "./notes";
import { noteMessages } from "./notes-constants";
import { BACK_OFFICE_ROLES } from "./roles";

const tags = ["notes"];

/** Internal notes on a consultant, an app user or an appointment. */
export const noteEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v2/notes",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "A record's notes, newest first",
    description: "Not paged: `data` holds every note of the record, `total` their number.",
    query: noteQuerySchema,
    responses: { 200: noteListSchema },
  }),
  add: endpoint({
    method: "POST",
    path: "/api/v2/notes",
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Add a note to a consultant, an app user or an appointment",
    description: "Text of 1 to 2,000 characters. 404 when the record does not exist. The note is audited.",
    body: newNoteSchema,
    responses: { 201: noteSchema, 404: apiErrorSchema },
  }),
  edit: endpoint({
    method: "PUT",
    path: "/api/v2/notes/{id}",
    refusals: { 409: [noteMessages.fixed] },
    auth: BACK_OFFICE_ROLES,
    tags,
    summary: "Edit a note's text (its author only, within 15 minutes of writing it)",
    description:
      "403 for anyone but its author; 409 once the 15 minutes are over (the note is then fixed). " +
      "The change is audited.",
    params: noteIdParamsSchema,
    body: noteEditSchema,
    responses: { 200: noteSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
};
