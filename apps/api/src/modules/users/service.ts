import type { AppDeps } from "#api/deps";
import { cnicVerification } from "./app-users/cnic-verification";
import { customerDevices } from "./app-users/customer-devices";
import { appUserDeletion } from "./app-users/deletion";
import { appUserEditing } from "./app-users/editing";
import { appUserPasswordReset } from "./app-users/password-reset";
import { accountControl } from "./staff-accounts/account-control";
import { registrationDecision } from "./staff-accounts/registration-decision";
import { userExport } from "./user-export";
import { userList } from "./user-list";

/**
 * The users module as the routes and the header search call it: the lists both screens share, the app
 * users' use cases (app-users/) and the Admin's control of staff accounts (staff-accounts/).
 */
export function createUserService(deps: AppDeps) {
  return {
    ...userList(deps),
    ...userExport(deps),
    ...appUserEditing(deps),
    ...appUserDeletion(deps),
    ...appUserPasswordReset(deps),
    ...cnicVerification(deps),
    ...customerDevices(deps),
    ...registrationDecision(deps),
    ...accountControl(deps),
  };
}
export type UserService = ReturnType<typeof createUserService>;
