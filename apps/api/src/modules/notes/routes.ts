import { apiErrorSchema } from "@visadesk/contract/common";
import {
  newNoteSchema,
  noteEditSchema,
  noteIdParamsSchema,
  noteListSchema,
  noteQuerySchema,
  noteSchema,
} from "@visadesk/contract/notes";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "#api/plugins/auth";
import type { NoteService } from "./service";

const tags = ["notes"];

/** Under /api/v2/notes: internal notes on a consultant, an app user or an appointment. */
export function noteRoutes(notes: NoteService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/",
      {
        prefixTrailingSlash: "no-slash",
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "A record's notes, newest first",
          querystring: noteQuerySchema,
          response: { 200: noteListSchema },
        },
      },
      (request) => notes.list(request.query),
    );

    app.post(
      "/",
      {
        prefixTrailingSlash: "no-slash",
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "Add a note to a consultant, an app user or an appointment",
          description:
            "Text of 1 to 2,000 characters. 404 when the record does not exist. The note is audited.",
          body: newNoteSchema,
          response: { 201: noteSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await notes.add(request.body, signedInUser(request))),
    );

    app.put(
      "/:id",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "Edit a note's text (its author only, within 15 minutes of writing it)",
          description:
            "403 for anyone but its author; 409 once the 15 minutes are over (the note is then fixed). " +
            "The change is audited.",
          params: noteIdParamsSchema,
          body: noteEditSchema,
          response: { 200: noteSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => notes.edit(request.params.id, request.body.text, signedInUser(request)),
    );
  };
}
