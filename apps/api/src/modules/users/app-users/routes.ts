import { appUserEndpoints as endpoints } from "@visadesk/contract/app-users-endpoints";
import type { AppUserUpdate, NewAppUser } from "@visadesk/contract/users";
import {
  APP_USER_EDIT_FIELDS,
  APP_USER_FILE_FIELDS,
  APP_USER_MULTIPART_FIELDS,
} from "@visadesk/contract/users-constants";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { readForm, route } from "#api/lib/endpoint-route";
import { ValidationError } from "#api/lib/errors";
import { expectedVersion, versionField } from "#api/lib/versions";
import { signedInUser } from "#api/plugins/auth";
import { checkImage } from "../../files/service";
import type { UserService } from "../service";
import type { AppUserImages } from "./editing";

const entityNameOf = new Map<string, string>(
  Object.entries(APP_USER_MULTIPART_FIELDS).map(([name, multipartName]) => [multipartName, name]),
);

/**
 * The multipart form of adduser / update-user as its declaration reads it, with the fields under their
 * entity names (as the service takes them and as a refusal names them: fieldErrors.userName), then the
 * images, of any type but checked by content. An absent file keeps the stored image.
 */
async function readAppUserForm(
  request: FastifyRequest,
  declaration: typeof endpoints.add | typeof endpoints.update,
) {
  const form = await readForm(request, declaration).catch((error: unknown) => {
    if (!(error instanceof ValidationError)) throw error;
    const named = Object.entries(error.fieldErrors ?? {}).map(([key, message]) => [
      entityNameOf.get(key) ?? key,
      message,
    ]);
    throw new ValidationError(Object.fromEntries(named), error.message);
  });
  const fields = form.fields as Record<string, unknown>;
  const entity = Object.fromEntries(
    Object.entries(APP_USER_MULTIPART_FIELDS).map(([name, multipartName]) => [name, fields[multipartName]]),
  );
  const images: AppUserImages = {};
  for (const [name, multipartName] of Object.entries(APP_USER_FILE_FIELDS)) {
    const file = form.files[multipartName];
    if (file) {
      images[name as keyof AppUserImages] = await checkImage(
        file,
        "any-image",
        name === "profilePic" ? "profilePicture" : "cnic",
      );
    }
  }
  const version = versionField({
    version: fields[APP_USER_EDIT_FIELDS.version] as string | undefined,
    Version: fields.Version as string | undefined,
  });
  return { entity, images, version };
}

/** The App Users screen's own endpoints: add and edit, delete and restore, password reset, CNIC, devices. */
export function appUserRoutes(
  app: FastifyInstance,
  users: UserService,
  options: { loginRateLimit: number },
): void {
  route(app, endpoints.add, async (request) => {
    const { entity, images } = await readAppUserForm(request, endpoints.add);
    // The form's fields passed newAppUserSchema's own rules (newAppUserFormSchema holds them by these names).
    return users.addAppUser(entity as NewAppUser, images, signedInUser(request).guidId);
  });

  route(app, endpoints.update, async (request) => {
    const { entity, images, version } = await readAppUserForm(request, endpoints.update);
    return users.updateAppUser(
      request.query.id,
      entity as AppUserUpdate,
      images,
      signedInUser(request).guidId,
      expectedVersion(request, version),
    );
  });

  route(app, endpoints.deletionImpact, (request) => users.deletionImpact(request.params.id));
  route(app, endpoints.delete, (request) =>
    users.deleteAppUser(request.params.id, request.query, signedInUser(request).userName),
  );
  route(app, endpoints.restore, (request) => users.restoreAppUser(request.params.id));

  // Rate limited like Forgot password: each call mails someone.
  route(app, endpoints.sendPasswordReset, (request) => users.sendPasswordReset(request.params.id), {
    rateLimit: { max: options.loginRateLimit, timeWindow: 60_000 },
  });

  route(app, endpoints.decideCnic, (request) =>
    users.decideCnic(request.params.id, request.body, request.log),
  );
  route(app, endpoints.devices, (request) => users.devices(request.params.id));
  route(app, endpoints.signOutEverywhere, (request) => users.signOutEverywhere(request.params.id));
}
