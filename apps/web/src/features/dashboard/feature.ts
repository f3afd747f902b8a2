import { IconLayoutDashboard } from "@tabler/icons-react";
import { lazy } from "react";
import type { Feature } from "../../lib/feature";

export const dashboardFeature: Feature = {
  id: "dashboard",
  routes: [{ path: "/home", page: lazy(() => import("./routes/dashboard-page")) }],
  nav: { to: "/home", label: "Dashboard", icon: IconLayoutDashboard },
};
