import { noteEndpoints } from "@visadesk/contract/notes-endpoints";
import type { FastifyPluginAsync } from "fastify";
import { route } from "#api/lib/endpoint-route";
import { signedInUser } from "#api/plugins/auth";
import type { NoteService } from "./service";

/** Internal notes on a consultant, an app user or an appointment (declared in the contract's noteEndpoints). */
export function noteRoutes(notes: NoteService): FastifyPluginAsync {
  return async (app) => {
    route(app, noteEndpoints.list, (request) => notes.list(request.query));
    route(app, noteEndpoints.add, (request) => notes.add(request.body, signedInUser(request)));
    route(app, noteEndpoints.edit, (request) =>
      notes.edit(request.params.id, request.body.text, signedInUser(request)),
    );
  };
}
