import { accountFeature } from "../features/account/feature";
import { activityFeature } from "../features/activity/feature";
import { appUsersFeature } from "../features/app-users/feature";
import { appointmentsFeature } from "../features/appointments/feature";
import { authFeature } from "../features/auth/feature";
import { consultantsFeature } from "../features/consultants/feature";
import { dashboardFeature } from "../features/dashboard/feature";
import { internalUsersFeature } from "../features/internal-users/feature";
import { notificationsFeature } from "../features/notifications/feature";
import { tokenTestFeature } from "../features/token-test/feature";
import type { Feature } from "../lib/feature";

/** Every feature, in sidebar order. The router and the sidebar are built from this list only. */
export const features: Feature[] = [
  dashboardFeature,
  consultantsFeature,
  appUsersFeature,
  internalUsersFeature,
  activityFeature,
  appointmentsFeature,
  notificationsFeature,
  tokenTestFeature,
  accountFeature,
  authFeature,
];
