import { IconLayoutDashboard } from "@tabler/icons-react";
import { type Feature, lazyPage } from "../../lib/feature";

export const dashboardFeature: Feature = {
  id: "dashboard",
  routes: [{ path: "/home", page: lazyPage(() => import("./routes/dashboard-page")) }],
  nav: { to: "/home", label: "Dashboard", icon: IconLayoutDashboard },
};
