import { type Feature, lazyPage } from "@/lib/feature";
import { paths } from "@/lib/paths";

/** The full list behind the bell's "See all notifications"; reached from the bell, not the sidebar. */
export const notificationsFeature: Feature = {
  id: "notifications",
  routes: [{ path: paths.notifications, page: lazyPage(() => import("./routes/notifications-page")) }],
};
