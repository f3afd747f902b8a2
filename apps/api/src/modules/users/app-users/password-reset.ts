import { appUserMessages } from "@visadesk/contract/users-constants";
import { linkOrigin } from "#api/config";
import type { AppDeps } from "#api/deps";
import { Conflict, NotFound } from "#api/lib/errors";
import { currentAuditContext } from "../../audit/service";
import { sendPasswordResetLink } from "../../auth/service";
import * as repo from "../repository";

/**
 * Staff mail an app user a link to choose a new password (app users sign in on the customer site, not
 * here). The same link and token as the customer's Forgot password; internal accounts ask for their own.
 */
export function appUserPasswordReset(deps: AppDeps) {
  return {
    async sendPasswordReset(guidId: string): Promise<{ message: string }> {
      const user = await repo.findUser(deps.db.kysely, guidId);
      if (!user) throw new NotFound(appUserMessages.notFound);
      if (user.role !== "AppUser") throw new Conflict(appUserMessages.passwordResetAppUsersOnly);
      const sent = await sendPasswordResetLink(
        { ...deps, companyName: deps.config.companyName, customerSiteBase: deps.config.customerSiteBase },
        user,
        linkOrigin(deps.config),
        currentAuditContext(),
      );
      // Within a minute of the last link: that one still works, and no second mail goes.
      return {
        message: sent
          ? appUserMessages.passwordResetSent(user.email)
          : appUserMessages.passwordResetRecent(user.email),
      };
    },
  };
}
