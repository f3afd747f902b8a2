import { IconLayoutDashboard } from "@tabler/icons-react";
import { lazy } from "react";
import type { Feature } from "../../lib/feature";
import { paths } from "../../lib/paths";

export const dashboardFeature: Feature = {
  id: "dashboard",
  routes: [{ path: paths.home, page: lazy(() => import("./routes/dashboard-page")) }],
  nav: { to: paths.home, label: "Dashboard", icon: IconLayoutDashboard },
};
