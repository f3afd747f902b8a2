import { accountEndpoints } from "./account-endpoints";
import { appUserEndpoints } from "./app-users-endpoints";
import { appointmentEndpoints } from "./appointments-endpoints";
import { auditEndpoints } from "./audit-endpoints";
import { authEndpoints } from "./auth-endpoints";
import { consultantEndpoints } from "./consultants-endpoints";
import { dashboardEndpoints } from "./dashboard-endpoints";
import type { Endpoint } from "./endpoint";
import { fileEndpoints } from "./files-endpoints";
import { healthEndpoints } from "./health-endpoints";
import { liveEndpoints } from "./live-endpoints";
import { mfaEndpoints } from "./mfa-endpoints";
import { noteEndpoints } from "./notes-endpoints";
import { notificationEndpoints } from "./notifications-endpoints";
import { schedulingEndpoints } from "./scheduling-endpoints";
import { searchEndpoints } from "./search-endpoints";
import { settingsEndpoints } from "./settings-endpoints";
import { staffAccountEndpoints } from "./staff-accounts-endpoints";
import { taskEndpoints } from "./tasks-endpoints";
import { userEndpoints } from "./users-endpoints";

/**
 * Every endpoint declared in the contract, by group. The server's test checks each is served as declared;
 * groups join this list as their routes move onto declarations.
 */
export const declaredEndpoints: Record<string, Record<string, Endpoint>> = {
  account: accountEndpoints,
  appointments: appointmentEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  consultants: consultantEndpoints,
  dashboard: dashboardEndpoints,
  files: fileEndpoints,
  health: healthEndpoints,
  live: liveEndpoints,
  mfa: mfaEndpoints,
  notes: noteEndpoints,
  notifications: notificationEndpoints,
  scheduling: schedulingEndpoints,
  search: searchEndpoints,
  settings: settingsEndpoints,
  tasks: taskEndpoints,
  users: userEndpoints,
  appUsers: appUserEndpoints,
  staffAccounts: staffAccountEndpoints,
};
