import { customerAuthMessages as messages } from "@visadesk/contract/customer-auth";
import { customerAuthEndpoints as endpoints } from "@visadesk/contract/customer-auth-endpoints";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { brokenUniqueIndex } from "#api/db/errors";
import type { AppDeps } from "#api/deps";
import { readForm, route } from "#api/lib/endpoint-route";
import { ValidationError } from "#api/lib/errors";
import { changesBetween, recordChange } from "../audit/service";
import { accountConflict } from "../auth/service";
import { type CheckedImage, checkImage } from "../files/service";
import { accountFields, cnicHeld, updateOwnAccount } from "../users/account-records";
import type { SignedInCustomer } from "./customer";
import { signedInCustomer } from "./plugin";

/**
 * PUT me/cnic: the customer's CNIC number and both sides of the card (multipart), stored as private files
 * (only signed-in staff see them, each view audited); the check goes back to pending for staff to verify.
 * A number another account holds is taken and answered the same, its check marked "conflict" for staff:
 * the answer tells nobody whose numbers are registered (the customer sees the check pending).
 */
export function customerCnicRoute(deps: AppDeps): FastifyPluginAsyncZod {
  async function sendCnic(
    customer: SignedInCustomer,
    cnic: string,
    images: { front: CheckedImage; back: CheckedImage },
  ) {
    const now = deps.clock.now();
    const store = (conflict: boolean) =>
      deps.db.kysely.transaction().execute(async (trx) => {
        const stored = { isPrivate: true, createdBy: customer.guidId, at: now };
        const before = await accountFields(trx, customer.id, [
          "cnic",
          "cnicFront",
          "cnicBack",
          "cnicVerification",
        ]);
        const after = {
          cnic,
          cnicFront: await deps.files.store(images.front, stored, trx),
          cnicBack: await deps.files.store(images.back, stored, trx),
          cnicVerification:
            conflict || (await cnicHeld(trx, cnic, customer.id))
              ? ("conflict" as const)
              : ("pending" as const),
        };
        await updateOwnAccount(trx, customer.id, after, now.toISOString());
        await recordChange(trx, {
          action: "update",
          entity: "user",
          entityId: customer.guidId,
          changes: changesBetween(before, after, ["cnic", "cnicFront", "cnicBack", "cnicVerification"]),
          at: now,
        });
      });
    try {
      await store(false);
    } catch (error) {
      // Another account took the number a moment ago: a conflict as well.
      if (!brokenUniqueIndex(error)?.includes("cnic")) throw accountConflict(error) ?? error;
      await store(true);
    }
    return { message: messages.cnicSent };
  }

  return async (app) => {
    route(app, endpoints.sendCnic, async (request) => {
      const { fields, files } = await readForm(request, endpoints.sendCnic);
      const { cnicFront, cnicBack } = files;
      // readForm has refused a form without both.
      if (!cnicFront || !cnicBack) throw new ValidationError({ cnicFront: messages.cnicImagesRequired });
      return sendCnic(signedInCustomer(request), fields.cnic, {
        front: await checkImage(cnicFront, "any-image", "cnic"),
        back: await checkImage(cnicBack, "any-image", "cnic"),
      });
    });
  };
}
