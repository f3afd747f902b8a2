import { roleBodySchema } from "@visadesk/contract/account";
import { apiErrorSchema, messageSchema } from "@visadesk/contract/common";
import { deletionImpactSchema } from "@visadesk/contract/deletion";
import { EXPORT_LIMIT_TEXT } from "@visadesk/contract/lists-constants";
import { BACK_OFFICE_ROLES } from "@visadesk/contract/roles";
import {
  appUserDeletedSchema,
  appUserUpdateSchema,
  deleteAppUserQuerySchema,
  newAppUserSchema,
  updateUserQuerySchema,
  userDetailSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userPageSchema,
  userRestoredSchema,
  userSchema,
} from "@visadesk/contract/users";
import { APP_USER_FILE_FIELDS, APP_USER_MULTIPART_FIELDS } from "@visadesk/contract/users-constants";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { textCell, timestampCell } from "#api/db/csv-copy";
import { Forbidden, parseOrThrow } from "#api/lib/errors";
import { holdExportSlot } from "#api/lib/export-slots";
import { type CsvColumn, datedFileName, sendCsv } from "#api/lib/lists";
import { expectedVersion, versionField } from "#api/lib/versions";
import { signedInUser } from "#api/plugins/auth";
import { readMultipart } from "#api/plugins/uploads";
import { checkImage } from "../files/service";
import type { AppUserImages, ExportedUser, UserService } from "./service";

const tags = ["User"];
const ADMIN_ONLY = ["Admin"] as const;
const decisionSchema = z.object({ message: z.string(), user: userSchema });

/** The export's columns: the profile staff read; never the CNIC images nor anything of the password. */
const USER_CSV: CsvColumn<ExportedUser>[] = [
  { header: "Id", value: (u) => u.guidId, cell: textCell("users.guidId") },
  { header: "User Name", value: (u) => u.userName, cell: textCell("users.userName") },
  { header: "Email", value: (u) => u.email, cell: textCell("users.email") },
  { header: "First Name", value: (u) => u.firstName, cell: textCell("users.firstName") },
  { header: "Last Name", value: (u) => u.lastName, cell: textCell("users.lastName") },
  { header: "Phone", value: (u) => u.phoneNumber, cell: textCell("users.phoneNumber") },
  { header: "Date of Birth", value: (u) => u.dateOfBirth, cell: textCell("users.dateOfBirth") },
  { header: "CNIC", value: (u) => u.cnic, cell: textCell("users.cnic") },
  { header: "Address", value: (u) => u.address, cell: textCell("users.address") },
  { header: "Role", value: (u) => u.role, cell: textCell("users.role") },
  {
    header: "Status",
    value: (u) => u.status,
    cell: textCell(
      sql`case when ${sql.ref("users.suspendedAt")} is not null then 'suspended' else ${sql.ref("users.status")} end`,
    ),
  },
  { header: "Created At", value: (u) => u.createdAt, cell: timestampCell("users.createdAt") },
];

/**
 * The multipart form of adduser / update-user: the spec's field names mapped to entity names and parsed
 * with the given schema, then the images, of any type but checked by content. An absent
 * file keeps the stored image.
 */
async function readAppUserForm<S extends z.ZodType>(request: FastifyRequest, schema: S) {
  const form = await readMultipart(request);
  const input = Object.fromEntries(
    Object.entries(APP_USER_MULTIPART_FIELDS).map(([name, multipartName]) => [
      name,
      form.fields[multipartName],
    ]),
  );
  const fields = parseOrThrow(schema, input);
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
  return { fields, images, version: versionField(form.fields) };
}

export function userRoutes(users: UserService, options: { loginRateLimit: number }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/users",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary:
            "Every listed user; with page/pageSize (and search, role=AppUser|internal) one page plus total",
          description:
            "deleted=true (Admin only): the deleted app users instead, most recently deleted first, one page " +
            "plus total, each with deletedAt. Above 1,000 matches the total is an estimate (totalIsEstimate); " +
            "exactTotal=true counts it exactly, up to 10,000 matches (400 past that): ask it before acting " +
            "on every match.",
          querystring: userListQuerySchema,
          // 403: deleted=true asked by someone who is not an Admin.
          response: { 200: z.union([z.array(userSchema), userPageSchema]), 403: apiErrorSchema },
        },
      },
      (request) => {
        if (request.query.deleted && signedInUser(request).role !== "Admin") {
          throw new Forbidden("Only an Admin can see deleted app users");
        }
        // The sign-in state of internal accounts is for the Admins who unlock and reset them.
        return users.list(request.query, { signIn: signedInUser(request).role === "Admin" });
      },
    );

    app.get(
      "/users/export",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "The users list (app users, internal users or both) as a CSV file, every matching row",
          description:
            "Takes the list's search, role, status and sort (page and pageSize are ignored), in the list's " +
            "order. UTF-8 with a BOM, a dated file name; cells a spreadsheet would read as a formula start " +
            "with '. Never CNIC images nor anything of the password.",
          produces: ["text/csv"],
          querystring: userListQuerySchema.omit({ deleted: true, exactTotal: true }),
          response: {
            200: z.string().describe("CSV text, one user a line after the header"),
            429: apiErrorSchema.describe(EXPORT_LIMIT_TEXT),
          },
        },
      },
      async (request, reply) => {
        holdExportSlot(request, reply);
        await users.recordExport(request.query);
        const what =
          request.query.role === "AppUser" ? "app-users" : request.query.role ? "internal-users" : "users";
        sendCsv(reply, datedFileName(what), USER_CSV, users.exportRows(request.query, USER_CSV));
        return reply;
      },
    );

    app.get(
      "/users/:id",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "One user by guidId",
          description:
            "An Admin reading an internal account (Admin or Staff) also gets its `signIn` state: locked out " +
            "by failed sign-ins, and whether it has two-factor set up.",
          params: userIdParamsSchema,
          response: { 200: userDetailSchema },
        },
      },
      (request) => users.detail(request.params.id, { signIn: signedInUser(request).role === "Admin" }),
    );

    app.post(
      "/adduser",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary:
            "Creates an app user (multipart: UserName, Email, ..., Password, ProfilePic, cnicFront, cnicBack)",
          consumes: ["multipart/form-data"],
          // 409: the user name or email is taken.
          response: { 201: userSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { fields, images } = await readAppUserForm(request, newAppUserSchema);
        const created = await users.addAppUser(fields, images, signedInUser(request).guidId);
        return reply.status(201).send(created);
      },
    );

    app.put(
      "/update-user",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary:
            "Updates an app user; Password is ignored, only a non-empty NewPassword changes the password",
          description:
            "Optimistic concurrency: send the app user's `version` as it was read (a `version` form field, or an " +
            'If-Match: "<version>" header). If the app user changed since, the answer is 409 "This record was ' +
            'changed by someone else since you opened it" and nothing is saved. Without a version the update ' +
            "is not checked (the spec's own form sends none).",
          consumes: ["multipart/form-data"],
          querystring: updateUserQuerySchema,
          // 404: no such app user; 409: the user name or email is taken, or the version is not current.
          response: { 200: userSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const { fields, images, version } = await readAppUserForm(request, appUserUpdateSchema);
        return users.updateAppUser(
          request.query.id,
          fields,
          images,
          signedInUser(request).guidId,
          expectedVersion(request, version),
        );
      },
    );

    app.get(
      "/users/:id/deletion-impact",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary: "How many upcoming, not cancelled appointments deleting this app user would leave",
          params: userIdParamsSchema,
          // 403: an internal account; 404: no such app user.
          response: { 200: deletionImpactSchema, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (request) => users.deletionImpact(request.params.id),
    );

    app.delete(
      "/users/:id",
      {
        config: { auth: BACK_OFFICE_ROLES },
        schema: {
          tags,
          summary:
            "Delete an app user (internal accounts are refused), deciding the fate of its upcoming appointments",
          description:
            "With upcoming, not cancelled appointments the answer is 409 unless `appointments` says what " +
            "happens to them, as for a consultant's delete: cancel (a `reason` is required; the customer and " +
            "each consultant are mailed it after the delete is committed) or keep (they stay, and their " +
            'answers carry customerDeleted: true, "customer removed").',
          params: userIdParamsSchema,
          querystring: deleteAppUserQuerySchema,
          // 400: cancel without a reason; 404: no such app user; 409: upcoming appointments, no decision.
          response: {
            200: appUserDeletedSchema,
            400: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      (request) => users.deleteAppUser(request.params.id, request.query, signedInUser(request).userName),
    );

    app.post(
      "/users/:id/restore",
      {
        config: { auth: ADMIN_ONLY },
        schema: {
          tags,
          summary: "Admin only: restores a deleted app user",
          description:
            "notRestored says what the restore does not bring back (the sessions the delete ended, the " +
            "appointments it cancelled). When " +
            "another account took the app user's username, email or CNIC meanwhile: 409 naming the field, " +
            "and nothing is restored.",
          params: userIdParamsSchema,
          // 404: no such app user; 409: not deleted, or a unique value taken meanwhile.
          response: { 200: userRestoredSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => users.restoreAppUser(request.params.id),
    );

    app.post(
      "/users/:id/approve",
      {
        config: { auth: ADMIN_ONLY },
        schema: {
          tags,
          summary: "Admin only: lets a pending registration sign in",
          params: userIdParamsSchema,
          // 409: the account is not waiting for a decision.
          response: { 200: decisionSchema, 409: apiErrorSchema },
        },
      },
      (request) => users.decide(request.params.id, "approve"),
    );

    app.post(
      "/users/:id/reject",
      {
        config: { auth: ADMIN_ONLY },
        schema: {
          tags,
          summary: "Admin only: refuses a pending registration (the account is kept but hidden)",
          params: userIdParamsSchema,
          // 409: the account is not waiting for a decision.
          response: { 200: decisionSchema, 409: apiErrorSchema },
        },
      },
      (request) => users.decide(request.params.id, "reject"),
    );

    app.post(
      "/users/:id/reopen",
      {
        config: { auth: ADMIN_ONLY },
        schema: {
          tags,
          summary: "Admin only: puts a rejected registration back to pending approval (audited)",
          description:
            "The account is listed again, waiting for Approve or Reject; it still cannot sign in until approved.",
          params: userIdParamsSchema,
          // 409: the account is not rejected.
          response: { 200: decisionSchema, 409: apiErrorSchema },
        },
      },
      (request) => users.reopen(request.params.id),
    );

    const control = (
      path: string,
      summary: string,
      action: (request: FastifyRequest) => Parameters<UserService["control"]>[2],
      method: "POST" | "PUT" | "DELETE" = "POST",
      body?: z.ZodType,
    ) =>
      app.route({
        method,
        url: `/users/:id/${path}`,
        config: { auth: ADMIN_ONLY },
        schema: {
          tags,
          summary,
          params: userIdParamsSchema,
          ...(body ? { body } : {}),
          // 409: not an internal account, pending, oneself, or the last active Admin.
          response: { 200: decisionSchema, 409: apiErrorSchema },
        },
        handler: (request) =>
          users.control(signedInUser(request), (request.params as { id: string }).id, action(request)),
      });
    control("suspend", "Admin only: suspends an internal account; its sessions end at once", () => ({
      kind: "suspend",
    }));
    control("reactivate", "Admin only: lets a suspended account sign in again", () => ({
      kind: "reactivate",
    }));
    control(
      "role",
      "Admin only: makes an internal account Admin or Staff; its sessions end",
      (request) => ({ kind: "role", role: (request.body as { role: "Admin" | "Staff" }).role }),
      "PUT",
      roleBodySchema,
    );
    control("end-sessions", "Admin only: signs an internal account out of every session", () => ({
      kind: "end-sessions",
    }));
    control(
      "mfa",
      "Admin only: removes an internal account's second factors (authenticator app, recovery codes, passkeys); its sessions end",
      () => ({ kind: "reset-mfa" }),
      "DELETE",
    );

    app.post(
      "/users/:id/send-password-reset",
      {
        // Rate limited like Forgot password: each call mails someone.
        config: { auth: BACK_OFFICE_ROLES, rateLimit: { max: options.loginRateLimit, timeWindow: 60_000 } },
        schema: {
          tags,
          summary: "Mails an app user a link to choose a new password (the link of Forgot password)",
          params: userIdParamsSchema,
          // 409: an internal account (staff ask for their own link on the sign-in page).
          response: { 200: messageSchema, 409: apiErrorSchema },
        },
      },
      (request) => users.sendPasswordReset(request.params.id),
    );

    app.post(
      "/users/:id/unlock",
      {
        config: { auth: ADMIN_ONLY },
        schema: {
          tags,
          summary: "Admin only: ends the sign-in lock and slow-down that failed attempts left on an account",
          params: userIdParamsSchema,
          // 409: an app user (they do not sign in to the back-office).
          response: { 200: messageSchema, 409: apiErrorSchema },
        },
      },
      (request) => users.unlockSignIn(request.params.id),
    );
  };
}
