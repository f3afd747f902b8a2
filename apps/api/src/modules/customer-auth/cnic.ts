import { apiErrorSchema, messageSchema } from "@visadesk/contract/common";
import { CUSTOMER_CNIC_FIELDS, customerAuthMessages as messages } from "@visadesk/contract/customer-auth";
import { appUserValidationMessages, CNIC_PATTERN } from "@visadesk/contract/users-constants";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "#api/deps";
import { ValidationError } from "#api/lib/errors";
import { readMultipart } from "#api/plugins/uploads";
import { changesBetween, recordChange } from "../audit/service";
import { accountConflict } from "../auth/service";
import { type CheckedImage, checkImage } from "../files/service";
import type { SignedInCustomer } from "./customer";
import { signedInCustomer } from "./plugin";

/**
 * PUT me/cnic: the customer's CNIC number and both sides of the card (multipart), stored as private files
 * (only signed-in staff see them, each view audited); the check goes back to pending for staff to verify.
 */
export function customerCnicRoute(deps: AppDeps, path: string): FastifyPluginAsyncZod {
  async function sendCnic(
    customer: SignedInCustomer,
    cnic: string,
    images: { front: CheckedImage; back: CheckedImage },
  ) {
    const now = deps.clock.now();
    try {
      await deps.db.kysely.transaction().execute(async (trx) => {
        const stored = { isPrivate: true, createdBy: customer.guidId, at: now };
        const before = await trx
          .selectFrom("users")
          .select(["cnic", "cnicFront", "cnicBack", "cnicVerification"])
          .where("id", "=", customer.id)
          .executeTakeFirstOrThrow();
        const after = {
          cnic,
          cnicFront: await deps.files.store(images.front, stored, trx),
          cnicBack: await deps.files.store(images.back, stored, trx),
          cnicVerification: "pending" as const,
        };
        await trx
          .updateTable("users")
          .set((eb) => ({ ...after, updatedAt: now.toISOString(), version: eb("version", "+", 1) }))
          .where("id", "=", customer.id)
          .execute();
        await recordChange(trx, {
          action: "update",
          entity: "user",
          entityId: customer.guidId,
          changes: changesBetween(before, after, ["cnic", "cnicFront", "cnicBack", "cnicVerification"]),
          at: now,
        });
      });
    } catch (error) {
      throw accountConflict(error) ?? error;
    }
    return { message: messages.cnicSent };
  }

  return async (app) => {
    app.put(
      path,
      {
        config: { auth: "customer" },
        schema: {
          tags: ["customer account"],
          summary: "Send my CNIC number and both sides of the card for staff to verify",
          description:
            "multipart/form-data: `cnic` (12345-1234567-1), `cnicFront` and `cnicBack` (images, at most 5 MB " +
            "each, checked by content). The verification goes back to pending; 409 when another account has " +
            "this CNIC number.",
          consumes: ["multipart/form-data"],
          response: { 200: messageSchema, 400: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema },
        },
      },
      async (request) => {
        const customer = signedInCustomer(request);
        const form = await readMultipart(request);
        const cnic = (form.fields[CUSTOMER_CNIC_FIELDS.cnic] ?? "").trim();
        const errors: Record<string, string> = {};
        if (!cnic) errors.cnic = appUserValidationMessages.cnic;
        else if (!CNIC_PATTERN.test(cnic)) errors.cnic = appUserValidationMessages.cnicFormat;
        const front = form.files[CUSTOMER_CNIC_FIELDS.front];
        const back = form.files[CUSTOMER_CNIC_FIELDS.back];
        if (!front || !back) errors.cnicFront = messages.cnicImagesRequired;
        if (Object.keys(errors).length > 0 || !front || !back) throw new ValidationError(errors);
        return sendCnic(customer, cnic, {
          front: await checkImage(front, "any-image", "cnic"),
          back: await checkImage(back, "any-image", "cnic"),
        });
      },
    );
  };
}
